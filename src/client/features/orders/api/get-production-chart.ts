import { queryOptions, useQuery } from '@tanstack/react-query'
import { productionChartResponse } from '#shared/contract/production'
import { postCall } from '#client/lib/http'
import { gridKey } from './grid-keys.ts'

/** `POST ProductionReport/GetChartList`: output and scrap per day and workshop (default the last 30 days). */
export async function getProductionChart() {
  return (await postCall('ProductionReport/GetChartList', productionChartResponse, {})).data
}

export const productionChartQueryOptions = () =>
  queryOptions({
    queryKey: [...gridKey('ProductionReport'), 'chart'],
    queryFn: getProductionChart,
    staleTime: 60_000,
  })

export const useProductionChart = () => useQuery(productionChartQueryOptions())

import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { aboutResponse } from '#shared/contract/content'
import { getCall } from '#client/lib/http'

/** The company profile. */
export async function getAbout() {
  return (await getCall('Content/About', aboutResponse)).data
}

export const aboutQueryOptions = () => queryOptions({ queryKey: ['site', 'about'], queryFn: getAbout })

export const useAbout = () => useSuspenseQuery(aboutQueryOptions())

import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { getItemCall } from '#client/lib/http'

/** One published product (`CommonData/Get`); null when it does not exist or is not published. */
export async function getProduct(id: number) {
  const { productDetailResponse } = await siteSchemas()
  return (await getItemCall('CommonData/Get', productDetailResponse, { id }))?.data ?? null
}

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['site', 'product', id], queryFn: () => getProduct(id) })

export const useProduct = (id: number) => useSuspenseQuery(productQueryOptions(id))

import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { getCall } from '#client/lib/http'

export const productPageSize = 12

/** Published products of one category (`sort`), or all: `CommonData/GetProductList`. */
export async function getProducts(params: {
  sort?: number
  pageIndex: number
  pageSize?: number
  featured?: boolean
  keyword?: string
}) {
  const { productListResponse } = await siteSchemas()
  const body = await getCall('CommonData/GetProductList', productListResponse, {
    sort: params.sort,
    pageIndex: params.pageIndex,
    pageSize: params.pageSize ?? productPageSize,
    featured: params.featured ? 'true' : undefined,
    keyword: params.keyword || undefined,
  })
  return body.data
}

export const productsQueryOptions = (sort: number | undefined, keyword?: string) =>
  infiniteQueryOptions({
    // without a keyword the key stays what the server's page data names (src/server/modules/seo)
    queryKey: keyword
      ? ['site', 'products', sort ?? 'all', keyword]
      : ['site', 'products', sort ?? 'all'],
    queryFn: ({ pageParam }) => getProducts({ sort, keyword, pageIndex: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * productPageSize < last.total ? pages.length + 1 : undefined,
  })

export const useProducts = (sort: number | undefined, keyword?: string) =>
  useSuspenseInfiniteQuery(productsQueryOptions(sort, keyword))

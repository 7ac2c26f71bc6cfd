import { selectListResponse, suggestKeywordMax } from '#shared/contract/grid-suggest'
import { getCall } from '#client/lib/http'
import { gridKey } from './grid-keys.ts'

/** How many values an auto-complete input lists. */
export const suggestCount = 10

/**
 * The values a grid column suggests (`GET {kind}/GetSelectList?type=&keyword=`): distinct
 * values of the grid's records, those starting with the keyword first. A keyword longer than
 * the server takes is cut (a longer value matches nothing new).
 */
export async function getSelectList(
  kind: string,
  type: string,
  keyword: string,
): Promise<string[]> {
  const { data } = await getCall(`${kind}/GetSelectList`, selectListResponse, {
    type,
    ...(keyword ? { keyword: keyword.slice(0, suggestKeywordMax) } : {}),
    limit: suggestCount,
  })
  return data.map((o) => String(o.value))
}

/** Under the grid's key: saving its records refreshes the suggestions. */
export const selectListQuery = (kind: string, type: string) => (keyword: string) => ({
  queryKey: [...gridKey(kind), 'select', type, keyword],
  queryFn: () => getSelectList(kind, type, keyword),
  staleTime: 30_000,
})

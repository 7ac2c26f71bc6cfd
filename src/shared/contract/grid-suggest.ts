import { z } from 'zod'
import { envelope } from './envelope.ts'

/** The longest keyword a suggestion list takes (the longest suggested column holds 100). */
export const suggestKeywordMax = 100
/** The most suggestions one call answers. */
export const suggestLimitMax = 20

const keyword = z.string().trim().max(suggestKeywordMax).optional()
const limit = z.coerce.number().int().min(1).max(suggestLimitMax).default(10)

/**
 * `GET {API_PREFIX}/{Kind}/GetSelectList?type=&keyword=&limit=`: the distinct values of one
 * column of a grid's records (`type` is the contract field, e.g. `Customer`) for its
 * auto-complete input (SPEC §2), case-insensitive: those starting with the keyword first, then
 * those holding it, at most `limit` (20).
 */
export const gridSelectQuery = z.object({ type: z.string().trim().min(1).max(40), keyword, limit })

/**
 * `GET {API_PREFIX}/ProductionReport/GetSelectList?type=workshop|process|operator|order&keyword=&limit=`
 * (SPEC §7): the same for production reports; `order` answers orders (value Id, label OrderNo).
 */
export const productionSelectQuery = z.object({
  type: z.enum(['workshop', 'process', 'operator', 'order']).default('workshop'),
  keyword,
  limit,
})

export const selectOption = z.object({
  label: z.string(),
  value: z.union([z.string(), z.number()]),
})
export type SelectOption = z.infer<typeof selectOption>
export const selectListResponse = envelope(z.array(selectOption))

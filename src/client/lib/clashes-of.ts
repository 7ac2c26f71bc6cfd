import { Code } from '#shared/contract/codes'
import { conflictsOf, type RowConflict } from '#shared/contract/row-version'
import { ApiError } from './http.ts'

/** The clashing fields of a 409 answer (DESIGN §11), or null for any other failure (a reused key included). */
export function clashesOf(error: unknown): RowConflict[] | null {
  if (!(error instanceof ApiError) || error.code !== Code.conflict) return null
  return conflictsOf({ code: error.code, msg: error.message, data: error.data })
}

import { Code } from '#shared/contract/codes'
import { ApiError } from './http.ts'
import { isRetryable } from './write-retry.ts'

export { retryWrite, writeRetries, writeRetryDelay } from './write-retry.ts'

/**
 * What a write's answer means (docs/architecture.md, "What a write's answer means"): one table
 * that the online save and the offline outbox both read.
 *
 * - `done`: 2xx (or a success code): the write is stored.
 * - `fieldErrors`: 400 with field errors: the values go back to the unsaved edits, cells marked.
 * - `refused`: 403: kept where it was made with the reason; the user discards it (an online
 *   save stays on its screen, other edits kept; only pages go to /403).
 * - `clash`: 409 with `data.conflicts`: kept where it was made as a clash (Keep mine / Take theirs).
 * - `keyReused`: 409 without `data.conflicts`: the Idempotency-Key was already used with another
 *   body; kept with the message, the user discards it.
 * - `retry`: 502, 503, 504, 507 or no answer (network, time limit): kept waiting and sent again
 *   with the same Idempotency-Key, with backoff, so a write stored but answered badly is stored once.
 * - `failed`: any other refusal (400 without field errors, 404, business 500...): shown with its
 *   SPEC §8 text and kept for the user to correct or discard.
 */
export type WriteOutcome =
  'done' | 'fieldErrors' | 'refused' | 'clash' | 'keyReused' | 'retry' | 'failed'

/** The table, as code: `error` is what the write threw (`null`/`undefined` when it resolved). */
export function writeOutcome(error: unknown): WriteOutcome {
  if (error === null || error === undefined) return 'done'
  if (isRetryable(error)) return 'retry'
  if (!(error instanceof ApiError)) return 'failed'
  if (error.code === Code.forbidden) return 'refused'
  if (error.code === Code.conflict) return isClash(error) ? 'clash' : 'keyReused'
  if (error.code === Code.badRequest && error.fieldErrors) return 'fieldErrors'
  return 'failed'
}

/**
 * A 409 is a clash when it carries `data.conflicts` (a reused key does not). Told without the
 * contract's schema, so the outbox banner stays light; `clashesOf` (clashes-of.ts) reads them.
 */
const isClash = (error: ApiError) =>
  Array.isArray((error.data as { conflicts?: unknown } | null | undefined)?.conflicts)

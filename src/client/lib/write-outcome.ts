import { Code } from '#shared/contract/codes'
import { ApiError } from './http.ts'

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

/** HTTP statuses (and envelope codes) that say "not now": the same write is sent again later. */
export const retryStatuses: readonly number[] = [502, 503, 504, 507]

/** A failure with no answer at all: the connection dropped, or the time limit passed. */
export const isNoAnswer = (e: unknown) =>
  e instanceof TypeError || (e instanceof Error && e.name === 'TimeoutError')

/** The table, as code: `error` is what the write threw (`null`/`undefined` when it resolved). */
export function writeOutcome(error: unknown): WriteOutcome {
  if (error === null || error === undefined) return 'done'
  if (isNoAnswer(error)) return 'retry'
  if (!(error instanceof ApiError)) return 'failed'
  if (retryStatuses.includes(error.code)) return 'retry'
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

/** How many times a write is sent again after "not now" before it is handed back to the user. */
export const writeRetries = 6

/** Backoff before attempt `failures + 1`: 1 s, 2 s, 4 s ... at most 30 s, with a little jitter. */
export function writeRetryDelay(failures: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1))
  return Math.round(base * (0.9 + 0.2 * random()))
}

/** TanStack's `retry` for writes: only what the table says to retry, a bounded number of times. */
export const retryWrite = (failureCount: number, error: unknown) =>
  writeOutcome(error) === 'retry' && failureCount < writeRetries

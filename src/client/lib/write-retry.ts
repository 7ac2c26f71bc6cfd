import { ApiError } from './http.ts'

/**
 * The "retry" row of what a write's answer means (write-outcome.ts), alone so the query client
 * of every page carries only this: 502, 503, 504, 507 and no answer at all are sent again with
 * the same Idempotency-Key, with backoff.
 */
export const retryStatuses: readonly number[] = [502, 503, 504, 507]

/** A failure with no answer at all: the connection dropped, or the time limit passed. */
export const isNoAnswer = (e: unknown) =>
  e instanceof TypeError || (e instanceof Error && e.name === 'TimeoutError')

/** The write is kept and sent again later. */
export const isRetryable = (e: unknown) =>
  isNoAnswer(e) || (e instanceof ApiError && retryStatuses.includes(e.code))

/** How many times a write is sent again after "not now" before it is handed back to the user. */
export const writeRetries = 6

/** Backoff before attempt `failures + 1`: 1 s, 2 s, 4 s ... at most 30 s, with a little jitter. */
export function writeRetryDelay(failures: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1))
  return Math.round(base * (0.9 + 0.2 * random()))
}

/** TanStack's `retry` for writes: only what the table says to retry, a bounded number of times. */
export const retryWrite = (failureCount: number, error: unknown) =>
  isRetryable(error) && failureCount < writeRetries

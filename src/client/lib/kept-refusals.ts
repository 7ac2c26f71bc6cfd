import type { Mutation, QueryClient } from '@tanstack/react-query'
import { ApiError } from './http.ts'

type AnyMutation = Pick<Mutation<unknown, Error, unknown, unknown>, 'state'>

/**
 * A write that waited in the outbox and was then handed back to the user (403, a clash, a reused
 * key, field errors, any other failure, or "not now" after every retry; write-outcome.ts): it
 * stays, on this device and after a reload, until the user discards it.
 */
export const isKeptRefusal = (m: AnyMutation) =>
  m.state.status === 'error' &&
  (m.state.variables as { queuedOffline?: boolean } | undefined)?.queuedOffline === true

/** What the device copy keeps: the writes still waiting, and the refusals not yet discarded. */
export const shouldPersistMutation = (m: AnyMutation) => m.state.isPaused || isKeptRefusal(m)

/**
 * TanStack forgets a settled write no screen watches after five minutes: a refusal would vanish
 * with its reason and its Discard while the user is on another page. Such writes are kept until
 * discarded (removed from the cache).
 */
export function keepRefusedWrites(client: QueryClient) {
  client.getMutationCache().subscribe(({ mutation: m }) => {
    if (!m || !isKeptRefusal(m) || m.options.gcTime === Infinity) return
    m.setOptions({ ...m.options, gcTime: Infinity })
    // the removal already scheduled (five minutes from the last screen that watched it) is
    // cancelled: rescheduling with an endless gcTime schedules none (TanStack's `Removable`)
    ;(m as unknown as { scheduleGc: () => void }).scheduleGc()
  })
}

/**
 * Reads a kept refusal's error back as the `ApiError` it was (written with `ApiError.toJSON`),
 * so its reason and its kind (refused, clash) read the same after a reload.
 */
export const readError = (_key: string, v: Partial<ApiError> | null) =>
  v?.name === 'ApiError' ? new ApiError(v.code!, v.message!, v.fieldErrors, v.url, v.data) : v

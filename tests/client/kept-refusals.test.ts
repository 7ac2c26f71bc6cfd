import type { QueryClient } from '@tanstack/react-query'
import { dehydrate, hydrate } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '#client/app/query-client'
import { ApiError } from '#client/lib/http'
import { readError, shouldPersistMutation } from '#client/lib/kept-refusals'
import { writeOutcome } from '#client/lib/write-outcome'

type Vars = { idempotencyKey: string; queuedOffline?: boolean }

/** Runs a write to its end in `client` as the outbox would, with the given answer. */
async function write(client: QueryClient, vars: Vars, answer: () => Promise<unknown>) {
  await client
    .getMutationCache()
    .build(client, { mutationKey: ['orders', 'save'], mutationFn: answer, retry: false })
    .execute(vars)
    .catch(() => undefined)
}
const keys = (client: QueryClient) =>
  client
    .getMutationCache()
    .getAll()
    .map((m) => (m.state.variables as Vars).idempotencyKey)

afterEach(() => {
  vi.useRealTimers()
})

describe('a write refused after waiting offline stays until discarded', () => {
  it('is still there a day later, while an online failure and a stored write go after five minutes', async () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    await write(client, { idempotencyKey: 'refused', queuedOffline: true }, () =>
      Promise.reject(new ApiError(403, 'You may not delete orders')),
    )
    await write(client, { idempotencyKey: 'online', queuedOffline: false }, () =>
      Promise.reject(new ApiError(403, 'You may not delete orders')),
    )
    await write(client, { idempotencyKey: 'stored', queuedOffline: true }, () =>
      Promise.resolve({ code: 200 }),
    )
    expect(keys(client)).toEqual(['refused', 'online', 'stored'])
    await vi.advanceTimersByTimeAsync(24 * 3600 * 1000)
    expect(keys(client)).toEqual(['refused'])
    // Discard removes it
    client.getMutationCache().remove(client.getMutationCache().getAll()[0]!)
    expect(keys(client)).toEqual([])
  })

  it('a reload brings it back with its reason and its kind (refused, clash)', async () => {
    const before = createQueryClient()
    await write(before, { idempotencyKey: 'refused', queuedOffline: true }, () =>
      Promise.reject(new ApiError(403, 'You may not delete orders', undefined, '/api/Order/Save')),
    )
    const conflicts = [{ Id: 7, field: 'Quantity', yours: 2, theirs: 3 }]
    await write(before, { idempotencyKey: 'clash', queuedOffline: true }, () =>
      Promise.reject(new ApiError(409, 'changed meanwhile', undefined, undefined, { conflicts })),
    )
    await write(before, { idempotencyKey: 'broken', queuedOffline: true }, () =>
      Promise.reject(new ApiError(503, 'busy')),
    )
    await write(before, { idempotencyKey: 'plain', queuedOffline: true }, () =>
      Promise.reject(new RangeError('too long')),
    )
    await write(before, { idempotencyKey: 'online', queuedOffline: false }, () =>
      Promise.reject(new ApiError(403, 'no')),
    )
    // the device copy: what the persister writes and reads back
    const text = JSON.stringify(
      dehydrate(before, { shouldDehydrateMutation: shouldPersistMutation }),
    )
    const after = createQueryClient()
    hydrate(after, JSON.parse(text, readError))
    const errors = after
      .getMutationCache()
      .getAll()
      .map((m) => m.state.error)
    expect(keys(after)).toEqual(['refused', 'clash', 'broken', 'plain'])
    expect(errors.map(writeOutcome)).toEqual(['refused', 'clash', 'retry', 'failed'])
    expect(errors[0]).toBeInstanceOf(ApiError)
    expect(errors[0]).toMatchObject({
      code: 403,
      message: 'You may not delete orders',
      url: '/api/Order/Save',
    })
    expect((errors[1] as ApiError).data).toEqual({ conflicts })
    expect(errors[2]).toMatchObject({ code: 503, message: 'busy' })
    // another error (none of the server's answers) keeps nothing but its place: the outbox
    // names it with its fallback text
    expect(errors[3]).toEqual({})
  })
})

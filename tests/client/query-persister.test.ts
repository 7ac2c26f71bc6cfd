import { afterEach, describe, expect, it, vi } from 'vitest'

// the device's storage (IndexedDB, absent in jsdom): one stored copy
const stored = new Map<string, string>()
vi.mock('idb-keyval', () => ({
  get: async (key: string) => stored.get(key),
  set: async (key: string, value: string) => void stored.set(key, value),
  del: async (key: string) => void stored.delete(key),
}))
const { deviceCopy, queryPersister } = await import('#client/lib/query-persister')

const waiting = (idempotencyKey: string) =>
  ({
    mutationKey: ['site', 'leave-message'],
    state: { submittedAt: 1, variables: { idempotencyKey }, isPaused: true },
  }) as never

afterEach(() => {
  stored.clear()
  deviceCopy.set({ kept: [] })
})

describe('the device copy of the query cache (issue 37)', () => {
  it('a reload reads the waiting changes back into the device copy, so the outbox counts them at once', async () => {
    stored.set(
      'forgeline-query-cache',
      JSON.stringify({
        buster: 'b',
        timestamp: 1,
        clientState: { queries: [], mutations: [waiting('k1'), waiting('k2')] },
      }),
    )
    expect(deviceCopy.get().kept).toEqual([])
    const restored = await queryPersister.restoreClient()
    expect(restored?.clientState.mutations).toHaveLength(2)
    expect(
      deviceCopy
        .get()
        .kept.map(
          (m) =>
            (m as { state: { variables: { idempotencyKey: string } } }).state.variables
              .idempotencyKey,
        ),
    ).toEqual(['k1', 'k2'])
    expect(deviceCopy.get().failing).toBeUndefined()
  })

  it('a write that reaches the storage becomes the device copy', async () => {
    await queryPersister.persistClient({
      buster: 'b',
      timestamp: 1,
      clientState: { queries: [], mutations: [waiting('k3')] },
    })
    expect(deviceCopy.get()).toEqual({ kept: [waiting('k3')] })
    expect(JSON.parse(stored.get('forgeline-query-cache')!).clientState.mutations).toEqual([
      waiting('k3'),
    ])
  })
})

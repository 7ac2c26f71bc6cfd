import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceCopy, queryPersister } from '#client/lib/query-persister'
import { sendOrQueue } from '#client/lib/send-or-queue'

type Vars = { idempotencyKey: string; text: string; queuedOffline?: boolean }
/** A stored copy's waiting change with this idempotency key. */
const storedWith = (idempotencyKey: string) =>
  ({
    mutationKey: ['site', 'leave-message'],
    state: { submittedAt: 1, variables: { idempotencyKey }, isPaused: true },
  }) as never
/** Lets every queued callback run (no wall-clock wait). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const never = () => new Promise<never>(() => {})

afterEach(() => {
  vi.restoreAllMocks()
  deviceCopy.set({ kept: [] })
})

describe('sending a write, or queueing it offline', () => {
  it('online, resolves with the answer and marks nothing queued', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const mutate = vi.fn(async (v: Vars) => `saved ${v.text}`)
    expect(await sendOrQueue(mutate, { idempotencyKey: 'k0', text: 'a' })).toEqual({
      queued: false,
      data: 'saved a',
    })
    expect(mutate).toHaveBeenCalledWith({ idempotencyKey: 'k0', text: 'a', queuedOffline: false })
  })

  it('offline, confirms the change only once the copy on the device holds it (a reload then keeps it)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const mutate = vi.fn((_v: Vars) => never())
    let confirmed = false
    const queued = sendOrQueue(mutate, { idempotencyKey: 'k1', text: 'a' }).then((r) => {
      confirmed = true
      return r
    })
    expect(mutate).toHaveBeenCalledWith({ idempotencyKey: 'k1', text: 'a', queuedOffline: true })
    await settle()
    expect(confirmed).toBe(false)
    // a write that holds other changes only
    deviceCopy.set({ kept: [storedWith('k0')] })
    await settle()
    expect(confirmed).toBe(false)
    deviceCopy.set({ kept: [storedWith('k0'), storedWith('k1')] })
    expect(await queued).toEqual({ queued: true })
  })

  it('offline, a waiting change without variables in the device copy does not end or break the wait', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    // another form's change sent with no variables at all ("mark all read")
    const noVariables = {
      mutationKey: ['notices', 'read-all'],
      state: { submittedAt: 1, isPaused: true },
    } as never
    deviceCopy.set({ kept: [noVariables] })
    let result: unknown
    const queued = sendOrQueue((_v: Vars) => never(), { idempotencyKey: 'k5', text: 'a' }).then(
      (r) => (result = r),
    )
    await settle()
    expect(result).toBeUndefined()
    deviceCopy.set({ kept: [noVariables, storedWith('k5')] })
    await queued
    expect(result).toEqual({ queued: true })
  })

  it('offline, an answer before any write ends the wait (the connection came back at once)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    let answer: (v: string) => void = () => {}
    const queued = sendOrQueue((_v: Vars) => new Promise<string>((resolve) => (answer = resolve)), {
      idempotencyKey: 'k2',
      text: 'a',
    })
    answer('ok')
    expect(await queued).toEqual({ queued: true })
  })

  it('offline, a write refused before the device copy holds it ends the wait (the form stops sending)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const mutate = vi.fn(async (_v: Vars): Promise<string> => {
      throw new Error('refused')
    })
    let result: unknown
    void sendOrQueue(mutate, { idempotencyKey: 'k4', text: 'a' }).then((r) => (result = r))
    await settle()
    expect(result).toEqual({ queued: true })
  })

  it('when the device refuses to store the copy (no IndexedDB here), the change is confirmed and the outbox is told', async () => {
    expect(typeof indexedDB).toBe('undefined')
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    let confirmed = false
    const queued = sendOrQueue((_v: Vars) => never(), { idempotencyKey: 'k3', text: 'a' }).then(
      () => (confirmed = true),
    )
    await settle()
    expect(confirmed).toBe(false)
    await queryPersister.persistClient({
      buster: 'b',
      timestamp: 1,
      clientState: { queries: [], mutations: [storedWith('k3')] },
    })
    expect(deviceCopy.get().failing).toBe(true)
    await queued
    expect(confirmed).toBe(true)
  })
})

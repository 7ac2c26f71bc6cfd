import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tabLocks } from './tab-locks.ts'

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

describe('the device copy of the query cache', () => {
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

const cacheKey = 'forgeline-query-cache'
/** A waiting change made at `at`, told apart by its idempotency key. */
const change = (idempotencyKey: string, at: number) => ({
  mutationKey: ['site', 'leave-message'],
  state: { submittedAt: at, variables: { idempotencyKey }, isPaused: true },
})
type Change = ReturnType<typeof change>
/** A tab's cache as the persister gets it (and as it stores it). */
const client = (buster: string, mutations: Change[], timestamp = Date.now()) =>
  ({ buster, timestamp, clientState: { queries: [], mutations } }) as never
const storedKeys = () =>
  (
    JSON.parse(stored.get(cacheKey)!) as { clientState: { mutations: Change[] } }
  ).clientState.mutations.map((m) => m.state.variables.idempotencyKey)
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * BroadcastChannel between the tabs of one browser: channels of one name hear each other's
 * messages, later and never their own.
 */
class TabChannel {
  static open: TabChannel[] = []
  readonly listeners: ((event: MessageEvent) => void)[] = []
  constructor(readonly name: string) {
    TabChannel.open.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (type === 'message') this.listeners.push(listener)
  }
  postMessage(data: unknown) {
    for (const other of TabChannel.open) {
      if (other === this || other.name !== this.name) continue
      setTimeout(() => other.listeners.forEach((l) => l(new MessageEvent('message', { data }))))
    }
  }
}

/** The module as a tab that has just opened the app loads it (its tab-wide state new). */
async function openTab() {
  vi.resetModules()
  return await import('#client/lib/query-persister')
}

describe('a tab writing the copy the tabs share', () => {
  beforeEach(() => {
    TabChannel.open = []
    vi.stubGlobal('BroadcastChannel', TabChannel)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.unstubAllEnvs()
    vi.doUnmock('#client/lib/outbox-merge')
    Reflect.deleteProperty(navigator, 'locks')
  })

  it('before anything is read or written, the device copy holds no waiting change', async () => {
    const tab = await openTab()
    expect(tab.deviceCopy.get()).toEqual({ kept: [] })
  })

  it('a tab alone writes its own state over the stored copy', async () => {
    const tab = await openTab()
    stored.set(cacheKey, JSON.stringify(client('b', [change('earlier', 100)])))
    await tab.queryPersister.persistClient(client('b', [change('mine', 200)]))
    expect(storedKeys()).toEqual(['mine'])
  })

  it("once another tab wrote, each write keeps that tab's waiting changes", async () => {
    const tab = await openTab()
    const otherTab = new BroadcastChannel('forgeline-query-cache')
    stored.set(cacheKey, JSON.stringify(client('b', [change('theirs', 100)])))
    otherTab.postMessage('wrote')
    await settle()
    await tab.queryPersister.persistClient(client('b', [change('mine', 200)]))
    expect(storedKeys()).toEqual(['theirs', 'mine'])
    // not only the next write: this tab's own state never holds the other tab's change
    await tab.queryPersister.persistClient(client('b', [change('mine', 200), change('more', 300)]))
    expect(storedKeys()).toEqual(['theirs', 'mine', 'more'])
    expect(tab.deviceCopy.get().kept).toHaveLength(2)
  })

  it('a change this tab has had (and sent) is not brought back from the stored copy', async () => {
    const tab = await openTab()
    const queryClient = new QueryClient()
    tab.trackKnownMutations(queryClient)
    const cache = queryClient.getMutationCache()
    // a form rendered before it sends anything: its observer has no change yet
    const form = new MutationObserver(queryClient, { mutationKey: ['site', 'leave-message'] })
    form.setOptions({ mutationKey: ['site', 'leave-message'], retry: false })
    // made and answered in this tab, then gone from its cache
    const sent = cache.build(queryClient, {
      mutationKey: ['site', 'leave-message'],
      mutationFn: async () => 'ok',
    })
    await sent.execute({ idempotencyKey: 'sent' })
    cache.remove(sent)
    const otherTab = new BroadcastChannel('forgeline-query-cache')
    // the copy still holds it (written while it waited) beside the other tab's change
    stored.set(
      cacheKey,
      JSON.stringify(client('b', [change('sent', sent.state.submittedAt), change('theirs', 1)])),
    )
    otherTab.postMessage('wrote')
    await settle()
    await tab.queryPersister.persistClient(client('b', []))
    expect(storedKeys()).toEqual(['theirs'])
  })

  it('where the browser has no BroadcastChannel, a write still reaches the storage', async () => {
    vi.stubGlobal('BroadcastChannel', undefined)
    const tab = await openTab()
    await tab.queryPersister.persistClient(client('b', [change('mine', 1)]))
    expect(storedKeys()).toEqual(['mine'])
    expect(tab.deviceCopy.get()).toEqual({ kept: [change('mine', 1)] })
  })

  it("if the merge code cannot load, this tab's own state is still written", async () => {
    vi.doMock('#client/lib/outbox-merge', () => {
      throw new Error('not in the offline cache')
    })
    const tab = await openTab()
    const otherTab = new BroadcastChannel('forgeline-query-cache')
    stored.set(cacheKey, JSON.stringify(client('b', [change('theirs', 100)])))
    otherTab.postMessage('wrote')
    await settle()
    await tab.queryPersister.persistClient(client('b', [change('mine', 200)]))
    expect(storedKeys()).toEqual(['mine'])
    expect(tab.deviceCopy.get().failing).toBeUndefined()
  })

  it('waits to write while another tab holds the shared copy (Web Lock)', async () => {
    const locks = tabLocks()
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true })
    const tab = await openTab()
    let otherTabDone!: () => void
    void locks.request(
      'forgeline-query-cache',
      () => new Promise<void>((resolve) => (otherTabDone = resolve)),
    )
    const writing = tab.queryPersister.persistClient(client('b', [change('mine', 1)]))
    await settle()
    expect(stored.has(cacheKey)).toBe(false)
    otherTabDone()
    await writing
    expect(storedKeys()).toEqual(['mine'])
  })

  it('writes without a lock where there is no navigator (not a browser page)', async () => {
    const tab = await openTab()
    vi.stubGlobal('navigator', undefined)
    await tab.queryPersister.persistClient(client('b', [change('mine', 1)]))
    expect(storedKeys()).toEqual(['mine'])
  })

  it('signing out removes the stored copy', async () => {
    const tab = await openTab()
    await tab.queryPersister.persistClient(client('b', [change('mine', 1)]))
    expect(stored.has(cacheKey)).toBe(true)
    await tab.queryPersister.removeClient()
    expect(stored.has(cacheKey)).toBe(false)
  })

  it.each([
    ['restores a copy of this release up to a week old', 'r2', 6, true],
    ['drops a copy older than a week', 'r2', 8, false],
    ["drops a copy of the release before (it may not fit this release's code)", 'r1', 0, false],
  ])('a reload %s', async (_name, buster, daysOld, restored) => {
    vi.stubEnv('VITE_BUILD_ID', 'r2')
    const tab = await openTab()
    const day = 24 * 3600 * 1000
    stored.set(
      cacheKey,
      JSON.stringify({
        buster,
        timestamp: Date.now() - daysOld * day,
        clientState: {
          mutations: [],
          queries: [
            {
              queryKey: ['site', 'news'],
              queryHash: '["site","news"]',
              state: { status: 'success', data: ['kept offline'], dataUpdatedAt: 1 },
            },
          ],
        },
      }),
    )
    const queryClient = new QueryClient()
    // as the app restores it (app.tsx)
    await persistQueryClientRestore({
      queryClient,
      persister: tab.queryPersister,
      buster: tab.cacheBuster,
      maxAge: tab.persistMaxAge,
    })
    expect(queryClient.getQueryData(['site', 'news'])).toEqual(
      restored ? ['kept offline'] : undefined,
    )
    expect(stored.has(cacheKey)).toBe(restored)
  })

  it('route guards wait for the restore no longer than it takes', async () => {
    const tab = await openTab()
    let settled = false
    void tab.cacheRestored.then(() => (settled = true))
    tab.cacheRestoreDone()
    await settle()
    expect(settled).toBe(true)
  })
})

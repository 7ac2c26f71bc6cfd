import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { QueryClient } from '@tanstack/react-query'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { readError } from './kept-refusals.ts'
import { mutationIdentity } from './mutation-identity.ts'
import { smallStore } from './small-store.ts'

// Tabs of the app tell each other when they wrote the shared copy; from then on every write of
// a tab that heard one keeps the other tabs' waiting changes (outbox-merge.ts): not only the
// next one, since this tab's own state never holds them.
const channel =
  typeof BroadcastChannel === 'undefined'
    ? undefined
    : new BroadcastChannel('forgeline-query-cache')
let otherTabWrote = false
channel?.addEventListener('message', () => {
  otherTabWrote = true
})
let knownMutation: (identity: string) => boolean = () => false

type AnyMutation = {
  options: { mutationKey?: unknown }
  state: { submittedAt: number; variables?: unknown }
}
/** A change's identity (`mutationIdentity`) from the change in this tab's cache. */
export const identityOf = (m: AnyMutation) =>
  mutationIdentity(m.options.mutationKey, m.state.submittedAt, m.state.variables)

/** Remembers every change this tab has had in its cache, so a merge never brings back one it sent. */
export function trackKnownMutations(client: QueryClient) {
  const known = new Set<string>()
  const note = (m: AnyMutation) => {
    if (m.state.submittedAt > 0) known.add(identityOf(m))
  }
  const cache = client.getMutationCache()
  cache.getAll().forEach(note)
  cache.subscribe((event) => {
    if (event.mutation) note(event.mutation)
  })
  knownMutation = (identity) => known.has(identity)
}

/** Read-merge-write of the shared copy, one tab at a time where the browser has Web Locks. */
async function oneTabAtATime(work: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.locks)
    await navigator.locks.request('forgeline-query-cache', work)
  else await work()
}

type StoredMutation = PersistedClient['clientState']['mutations'][number]
/**
 * The waiting changes in the last copy that reached this device's storage: those a reload keeps.
 * A change is confirmed (outbox count, "will be sent") only once it is there (send-or-queue.ts);
 * `failing` when the storage refuses writes (nothing is kept: the outbox counts every change).
 */
export const deviceCopy = smallStore<{ kept: StoredMutation[]; failing?: boolean }>({ kept: [] })
/** The changes in the copy being written now (writes never overlap: asyncThrottle). */
let writing: StoredMutation[] = []

async function writeShared(key: string, value: string) {
  const kept = writing
  await oneTabAtATime(() => writeMerged(key, value)).catch((error: unknown) => {
    deviceCopy.set({ kept, failing: true })
    throw error
  })
  deviceCopy.set({ kept })
  channel?.postMessage('wrote')
}

async function writeMerged(key: string, value: string) {
  let out = value
  if (otherTabWrote) {
    // loaded only when a second tab is open (precached with the public site, so offline too);
    // if it cannot load, this tab's own state is still written
    const merge = await import('./outbox-merge.ts').catch(() => undefined)
    if (merge) out = merge.mergeOutbox(value, await get<string>(key), knownMutation)
  }
  await set(key, out)
}

/** The offline copy of query data lives in IndexedDB (DESIGN §6). */
export const queryPersister = createAsyncStoragePersister({
  key: 'forgeline-query-cache',
  storage: {
    getItem: async (key: string) => (await get<string>(key)) ?? null,
    setItem: writeShared,
    removeItem: (key: string) => del(key),
  },
  // no delay, so a write queued offline is on disk before the user can reload or navigate
  // (writes still never overlap: changes made during one are saved together next)
  throttleTime: 0,
  serialize: (client) => {
    writing = client.clientState.mutations
    return JSON.stringify(client)
  },
  deserialize: (text) => {
    const client = JSON.parse(text, readError) as PersistedClient
    deviceCopy.set({ kept: client.clientState.mutations })
    return client
  },
})

/** Lists longer than this are not kept offline: the whole cache is rewritten on every change. */
export const persistMaxListRows = 1000

/**
 * Queries worth keeping in the offline copy: successful ones, except huge lists (a 10,000-row
 * grid would cost a 4 MB write on each change, a long task on the shop-floor tablet).
 */
export function shouldPersistQuery(q: { state: { status: string; data: unknown } }): boolean {
  if (q.state.status !== 'success') return false
  const rows = (q.state.data as { result?: unknown } | null | undefined)?.result
  return !(Array.isArray(rows) && rows.length > persistMaxListRows)
}

/** A new release drops the persisted cache of the old one. */
export const cacheBuster = import.meta.env.VITE_BUILD_ID ?? 'dev'
export const persistMaxAge = 7 * 24 * 3600 * 1000

let markRestored: () => void = () => {}
/**
 * Settles once the persisted cache was read back (or after 3 s at worst), so route guards use
 * the saved copy instead of asking the network first: a staff page reloaded offline still opens.
 */
export const cacheRestored: Promise<void> = new Promise<void>((resolve) => {
  markRestored = resolve
  setTimeout(resolve, 3000)
})
export const cacheRestoreDone = () => markRestored()

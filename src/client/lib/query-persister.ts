import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { del, get, set } from 'idb-keyval'

/** The offline copy of query data lives in IndexedDB (DESIGN §6). */
export const queryPersister = createAsyncStoragePersister({
  key: 'forgeline-query-cache',
  storage: {
    getItem: async (key: string) => (await get<string>(key)) ?? null,
    setItem: (key: string, value: string) => set(key, value),
    removeItem: (key: string) => del(key),
  },
  // no delay, so a write queued offline is on disk before the user can reload or navigate
  // (writes still never overlap: changes made during one are saved together next)
  throttleTime: 0,
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

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
  // short, so a write queued offline is on disk before the user can reload
  throttleTime: 100,
})

/** A new release drops the persisted cache of the old one. */
export const cacheBuster = import.meta.env.VITE_BUILD_ID ?? 'dev'
export const persistMaxAge = 7 * 24 * 3600 * 1000

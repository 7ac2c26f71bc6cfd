import { freeBytes } from './faults.ts'

/** Below this many free bytes on the data folder's disk, writes are expected to fail. */
export const minFreeBytes = 1024 * 1024

/**
 * What this process last saw of its database and storage: whether the database answered, and
 * whether a write was refused for lack of space. `/readyz`, the error handler and the metrics
 * read and update it; nothing here waits for the database.
 */
export type DbState = {
  /** the last query or ping reached the database (false after a connection failure) */
  up: boolean
  /** writes refused because the storage was full (the metric's count) */
  storageFullRefusals: number
  /** A connection failure: true the first time after it was up (log it once). */
  noteUnreachable(): boolean
  /** The database answered: true the first time after it was down (log it once). */
  noteReachable(): boolean
  /** A write refused for lack of space: true the first time of an episode (log it once). */
  noteStorageFull(): boolean
  /** Whether writes are expected to fail now: a refusal in the last `calmMs`, or too little free space. */
  storageFull(): Promise<boolean>
  /** the free-space probe (tests replace it); Infinity when not known (PostgreSQL) */
  freeSpace: () => Promise<number>
  /** how long after the last refusal the storage still counts as full (ms) */
  calmMs: number
}

/** A state for the database whose files live in `dataDir` (undefined: PostgreSQL, no local files). */
export function createDbState(dataDir?: string): DbState {
  let lastRefusal = 0
  let fullEpisode = false
  const state: DbState = {
    up: true,
    storageFullRefusals: 0,
    calmMs: 3000,
    freeSpace: dataDir ? () => freeBytes(dataDir) : async () => Infinity,
    noteUnreachable() {
      const first = state.up
      state.up = false
      return first
    },
    noteReachable() {
      const first = !state.up
      state.up = true
      return first
    },
    noteStorageFull() {
      state.storageFullRefusals++
      lastRefusal = Date.now()
      const first = !fullEpisode
      fullEpisode = true
      return first
    },
    async storageFull() {
      const full =
        Date.now() - lastRefusal < state.calmMs || (await state.freeSpace()) < minFreeBytes
      if (!full) fullEpisode = false
      return full
    },
  }
  return state
}

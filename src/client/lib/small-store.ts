import { useSyncExternalStore } from 'react'

/**
 * A single value that components read with `useStore`. Only for the little state every
 * public page needs (language, page head): jotai, which holds the rest of the client state,
 * then stays off a visitor's first load (DESIGN §1, the public first-load budget).
 */
export type SmallStore<T> = {
  get: () => T
  set: (next: T | ((current: T) => T)) => void
  subscribe: (listener: () => void) => () => void
}

export function smallStore<T>(initial: T): SmallStore<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set: (next) => {
      const v = typeof next === 'function' ? (next as (current: T) => T)(value) : next
      if (Object.is(v, value)) return
      value = v
      for (const l of listeners) l()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const useStore = <T>(store: SmallStore<T>): T =>
  useSyncExternalStore(store.subscribe, store.get, store.get)

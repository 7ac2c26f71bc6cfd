import { useEffect, useState } from 'react'

/**
 * A part of a page that is not needed for its first paint (a popover, a drawer): its code loads
 * when `load` is called, with the first press (the staff shell's weight; the worker
 * keeps it for offline use with the rest of the staff code). `use()` answers the loaded module,
 * undefined until then; a failed load (offline before it was cached) is tried again on the next
 * `load`.
 */
export function lazyPart<T>(importer: () => Promise<T>) {
  let value: T | undefined
  let pending: Promise<T> | undefined
  const listeners = new Set<() => void>()
  const load = (): Promise<T> =>
    (pending ??= importer().then(
      (v) => {
        value = v
        for (const l of listeners) l()
        return v
      },
      (e: unknown) => {
        pending = undefined
        throw e
      },
    ))
  const use = (): T | undefined => {
    const [, setLoaded] = useState(value !== undefined)
    useEffect(() => {
      if (value !== undefined) return
      const done = () => setLoaded(true)
      listeners.add(done)
      return () => {
        listeners.delete(done)
      }
    }, [])
    return value
  }
  return { load, use }
}

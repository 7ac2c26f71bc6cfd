import { useEffect, useState } from 'react'

/**
 * A part of a page that is not needed for its first paint (a popover, a drawer): its code loads
 * when the browser is idle after the page shows, or at once when `load` is called (issue 17:
 * the staff shell's weight). `use()` answers the loaded module, undefined until then; a failed
 * load (offline before it was cached) is tried again on the next `load`.
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
      const start = () => void load().catch(() => undefined)
      const idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(start, { timeout: 3000 })
          : setTimeout(start, 1)
      return () => {
        listeners.delete(done)
        if (typeof cancelIdleCallback === 'function' && typeof requestIdleCallback === 'function')
          cancelIdleCallback(idle as number)
        else clearTimeout(idle as ReturnType<typeof setTimeout>)
      }
    }, [])
    return value
  }
  return { load, use }
}

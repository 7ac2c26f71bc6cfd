import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { serverPage } from '#client/lib/server-page'

// the page the app started on: an offline copy kept by the service worker says when it was kept
const startHref = location.href

/**
 * When the data on screen was last fetched: the oldest `dataUpdatedAt` of the queries the
 * current page shows (those with observers), or undefined when none shows data; on the service
 * worker's copy of a server-rendered page, when that copy was kept. Re-read, and the
 * caller rendered again, every 30 s and whenever the query cache changes.
 */
export function useShownDataAge(enabled: boolean): number | undefined {
  const queryClient = useQueryClient()
  const [savedAt, setSavedAt] = useState<number | undefined>()
  // re-renders the caller every read, so an age it formats from `Date.now()` moves on ("2 分钟前")
  // even while the data stays the same (before, "此刻" stayed for as long as the page was offline)
  const [, setReadAt] = useState(0)
  useEffect(() => {
    if (!enabled) return
    const cache = queryClient.getQueryCache()
    const read = () => {
      const times = cache
        .getAll()
        .filter(
          (q) =>
            q.getObserversCount() > 0 && q.state.data !== undefined && q.state.dataUpdatedAt > 0,
        )
        .map((q) => q.state.dataUpdatedAt)
      const kept = serverPage()?.savedAt
      if (kept && times.length > 0 && location.href === startHref) times.push(kept)
      setSavedAt(times.length > 0 ? Math.min(...times) : undefined)
      setReadAt(Date.now())
    }
    read()
    const unsubscribe = cache.subscribe(read)
    const timer = setInterval(read, 30_000)
    return () => {
      unsubscribe()
      clearInterval(timer)
    }
  }, [queryClient, enabled])
  return enabled ? savedAt : undefined
}

/** "5 minutes ago" in the given language, from the largest fitting unit. */
export function formatAge(savedAt: number, locale: string, now = Date.now()): string {
  const seconds = Math.round((savedAt - now) / 1000)
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ]
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit)
  }
  return rtf.format(0, 'minute')
}

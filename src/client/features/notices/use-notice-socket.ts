import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { Notice } from '#shared/contract/notices'
import type { Locale } from '#client/lib/i18n'
import { useLocale } from '#client/lib/locale-store'

/** Same origin as the page, `ws:` or `wss:`; the language picks the text of pushed notices. */
export const noticeSocketUrl = (locale: Locale, origin = location.origin) =>
  `${origin.replace(/^http/, 'ws')}/ws?lang=${locale}`

/**
 * Keeps the real-time notice connection open while the bell is mounted (notice-socket-start.ts,
 * loaded after the shell): a push refetches every notices query, a (re)connect first checks the
 * unread page (`catchUpNotices`), and a pushed notice goes to `onNotice` (the alerts). Unmounting
 * (logout) closes it without reconnecting.
 */
export function useNoticeSocket(onNotice?: (n: Notice) => void) {
  const queryClient = useQueryClient()
  const locale = useLocale()
  const latest = useRef(onNotice)
  useEffect(() => {
    latest.current = onNotice
  })
  useEffect(() => {
    // asynchronous: React's strict mode mounts twice, and a socket closed while connecting warns
    let socket: { stop: () => void } | undefined
    let ended = false
    void import('./notice-socket-start.ts')
      .then(({ startNoticeSocket }) => {
        if (ended) return
        socket = startNoticeSocket({
          queryClient,
          locale,
          url: noticeSocketUrl(locale),
          onNotice: (n) => latest.current?.(n),
        })
      })
      .catch(() => undefined)
    return () => {
      ended = true
      socket?.stop()
    }
  }, [queryClient, locale])
}

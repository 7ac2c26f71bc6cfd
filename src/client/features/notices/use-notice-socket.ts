import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { Notice } from '#shared/contract/notices'
import type { Locale } from '#client/lib/i18n'
import { useLocale } from '#client/lib/locale-store'
import { accessToken } from '#client/lib/session-tokens'
import { getNotices, noticesKey } from './api/get-notices.ts'
import { NoticeSocket } from './realtime.ts'

/** Same origin as the page, `ws:` or `wss:`; the language picks the text of pushed notices. */
export const noticeSocketUrl = (locale: Locale, origin = location.origin) =>
  `${origin.replace(/^http/, 'ws')}/ws?lang=${locale}`

/**
 * Keeps the real-time notice connection open while the bell is mounted; a push refetches every
 * notices query, a (re)connect first checks the unread page (`catchUpNotices`), and a pushed
 * notice goes to `onNotice` (the alerts). Unmounting
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
    const refetch = () => void queryClient.invalidateQueries({ queryKey: noticesKey })
    const socket = new NoticeSocket({
      url: noticeSocketUrl(locale),
      token: accessToken,
      onNotice: (n) => {
        refetch()
        latest.current?.(n)
      },
      // a (re)connect: one request finds out whether anything was missed (not every query)
      onReady: () =>
        void import('./api/catch-up-notices.ts')
          .then((m) => m.catchUpNotices(queryClient, locale))
          .catch(() => undefined),
      checkSession: () => getNotices({ pageSize: 1, isAll: false }),
    })
    // deferred: React's strict mode mounts twice, and a socket closed while connecting warns
    const t = setTimeout(() => socket.start(), 0)
    return () => {
      clearTimeout(t)
      socket.stop()
    }
  }, [queryClient, locale])
}

import type { QueryClient } from '@tanstack/react-query'
import type { Notice } from '#shared/contract/notices'
import type { Locale } from '#client/lib/i18n'
import { publishVersion } from '#client/lib/record-versions'
import { accessToken } from '#client/lib/session-tokens'
import { catchUpNotices } from './api/catch-up-notices.ts'
import { getNotices, noticesKey } from './api/get-notices.ts'
import { NoticeSocket } from './realtime.ts'

/**
 * Opens the real-time notice connection (use-notice-socket.ts loads this once the shell has
 * shown, so the socket code is not part of the staff shell's first load): a push refetches every
 * notices query and goes to `onNotice`; a (re)connect checks once for missed notices.
 */
export function startNoticeSocket(o: {
  queryClient: QueryClient
  locale: Locale
  url: string
  onNotice: (n: Notice) => void
}): NoticeSocket {
  const socket = new NoticeSocket({
    url: o.url,
    token: accessToken,
    onNotice: (n) => {
      void o.queryClient.invalidateQueries({ queryKey: noticesKey })
      o.onNotice(n)
    },
    // a (re)connect: one request finds out whether anything was missed (not every query)
    onReady: () => void catchUpNotices(o.queryClient, o.locale).catch(() => undefined),
    checkSession: () => getNotices({ pageSize: 1, isAll: false }),
    onVersion: publishVersion,
  })
  socket.start()
  return socket
}

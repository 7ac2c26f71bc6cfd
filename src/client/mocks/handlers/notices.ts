import { http, ws } from 'msw'
import { can } from '#shared/acl'
import {
  noticeListBody,
  noticeListResponse,
  wsClientMessage,
  wsServerMessage,
  type WsServerMessage,
} from '#shared/contract/notices'
import { ordersPermission } from '#shared/permissions'
import { Code } from '#shared/contract/codes'
import { accountByToken, subjectOfAccount, type MockAccount } from '../accounts.ts'
import { staff } from '../guard.ts'
import { noticesFor } from '../notices.ts'
import { bodyOf, fail, langOf, ok, say, type Lang } from '../reply.ts'
import { readIdsOf } from '../state.ts'

/** Notices go to the staff who may see orders (DESIGN §5); others have none. */
export function noticesOf(account: MockAccount, lang: Lang) {
  return can(subjectOfAccount(account), ordersPermission)
    ? noticesFor(lang, readIdsOf(account.LoginName), Date.now())
    : []
}

const send = (client: { send: (data: string) => void }, message: WsServerMessage) =>
  client.send(JSON.stringify(wsServerMessage.parse(message)))

/**
 * `Notice/GetList` with its filters, and the `/ws` channel: it accepts a mock token and answers
 * `ready` (the client then refetches), so the bell works as with a server, nothing is pushed.
 */
export function noticeHandlers(base: string, socketUrl: string) {
  const channel = ws.link(socketUrl)
  return [
    http.post(
      `${base}/Notice/GetList`,
      staff(undefined, async ({ request }, account) => {
        const q = await bodyOf(request, noticeListBody)
        if (!q) return fail(Code.badRequest, say(request, '输入有误', 'Invalid input'))
        const all = noticesOf(account, langOf(request))
        let rows = q.isAll ? all : all.filter((n) => !n.IsRead)
        if (q.isRead !== undefined) rows = rows.filter((n) => n.IsRead === q.isRead)
        if (q.createType !== undefined) rows = rows.filter((n) => n.CreateType === q.createType)
        const start = (q.pageIndex - 1) * q.pageSize
        return ok(noticeListResponse, {
          result: rows.slice(start, start + q.pageSize),
          total: rows.length,
          UnreadCount: all.filter((n) => !n.IsRead).length,
        })
      }),
    ),
    channel.addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => {
        let parsed
        try {
          parsed = wsClientMessage.safeParse(JSON.parse(String(event.data)))
        } catch {
          return
        }
        if (!parsed.success) return
        if (parsed.data.type === 'ping') return send(client, { type: 'pong' })
        if (accountByToken(parsed.data.token)) return send(client, { type: 'ready' })
        send(client, { type: 'error', code: Code.unauthorized, msg: 'unauthorized' })
        // after the error has been delivered
        setTimeout(() => client.close(4401, 'unauthorized'), 0)
      })
    }),
  ]
}

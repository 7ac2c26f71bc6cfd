import { http } from 'msw'
import { Code } from '#shared/contract/codes'
import { phoneAuthHandlers } from './handlers/phone-auth.ts'
import { authHandlers } from './handlers/auth.ts'
import { menuHandlers } from './handlers/menu.ts'
import { noticeHandlers } from './handlers/notices.ts'
import { postCommonHandlers } from './handlers/post-common.ts'
import { siteHandlers } from './handlers/site.ts'
import { staffListHandlers } from './handlers/staff-lists.ts'
import { fail, say } from './reply.ts'

/**
 * Every mock handler, for `npm run dev:mock` (browser worker) and the client tests (msw/node):
 * `base` is the client's API base, `socketUrl` the notice channel (DESIGN §4 `/ws`). A call the
 * mocks do not know answers 404 with a message instead of reaching a server.
 */
export function mockHandlers(base: string, socketUrl: string) {
  return [
    ...authHandlers(base),
    ...phoneAuthHandlers(base),
    ...menuHandlers(base),
    ...noticeHandlers(base, socketUrl),
    ...postCommonHandlers(base),
    ...siteHandlers(base),
    ...staffListHandlers(base),
    http.all(`${base}/*`, ({ request }) =>
      fail(Code.notFound, say(request, '模拟模式未提供此接口', 'Not available in mock mode')),
    ),
  ]
}

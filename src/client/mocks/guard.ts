import type { HttpResponseResolver } from 'msw'
import { can, type Requirement } from '#shared/acl'
import { Code } from '#shared/contract/codes'
import { accountOf, subjectOfAccount, type MockAccount } from './accounts.ts'
import { fail, say } from './reply.ts'

type Info = Parameters<HttpResponseResolver>[0]

/**
 * A staff call as the server guards it: no valid token -> 401, a user without the permission
 * -> 403 (shared/acl `can`, the same check), else the resolver runs with the caller's account.
 */
export function staff(
  requirement: Requirement | undefined,
  resolve: (info: Info, account: MockAccount) => ReturnType<HttpResponseResolver>,
): HttpResponseResolver {
  return (info) => {
    const account = accountOf(info.request)
    if (!account) return fail(Code.unauthorized, say(info.request, '请先登录', 'Please sign in'))
    if (!can(subjectOfAccount(account), requirement))
      return fail(Code.forbidden, say(info.request, '没有权限', 'No permission'))
    return resolve(info, account)
  }
}

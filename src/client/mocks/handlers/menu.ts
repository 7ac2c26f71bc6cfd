import { http } from 'msw'
import { menuAdminListResponse, userMenuListResponse } from '#shared/contract/menu'
import { subjectOf } from '#shared/acl'
import { subjectOfAccount } from '../accounts.ts'
import { staff } from '../guard.ts'
import { menuFor } from '../menu.ts'
import { ok } from '../reply.ts'

/** `Menu/GetUserMenuList` (SPEC §6 server-menu mode): the caller's menu, filtered by role; `Menu/GetList` all of it. */
export function menuHandlers(base: string) {
  return [
    http.post(
      `${base}/Menu/GetUserMenuList`,
      staff(undefined, (_info, account) =>
        ok(userMenuListResponse, menuFor(subjectOfAccount(account))),
      ),
    ),
    http.post(
      `${base}/Menu/GetList`,
      staff(['admin'], () => ok(menuAdminListResponse, menuFor(subjectOf('admin', [])))),
    ),
  ]
}

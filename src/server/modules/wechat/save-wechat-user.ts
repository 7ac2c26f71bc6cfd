import { wechatUserUpdate } from '#shared/contract/wechat-admin'
import { contentPermission } from '../../permissions.ts'
import { revokeWechatSessions } from '../auth/session-repository.ts'
import { defineOperation } from '../post-common/registry.ts'
import { setFlags } from '../post-common/set-flags.ts'

/**
 * PostCommon `SaveWechatUser` (CONTENT): updateRecords `{Id, Ban}`; a banned identity cannot
 * sign in with WeChat, and the sessions its sign-ins began end in the same transaction.
 */
export const saveWechatUser = defineOperation({
  postUrl: 'SaveWechatUser',
  permission: contentPermission,
  menu: ['/admin/wxUserManagement'],
  update: wechatUserUpdate,
  run: async (trx, records, ctx) => {
    const rows = records.updateRecords.map((r) => ({ Id: r.Id, on: r.Ban }))
    const result = await setFlags(trx, { table: 'wechat_user', column: 'ban' }, rows, ctx.lang)
    await revokeWechatSessions(
      trx,
      rows.filter((r) => r.on).map((r) => r.Id),
    )
    return result
  },
})

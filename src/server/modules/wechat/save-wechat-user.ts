import { wechatUserUpdate } from '#shared/contract/wechat-admin'
import { contentPermission } from '../../permissions.ts'
import { defineOperation } from '../post-common/registry.ts'
import { setFlags } from '../post-common/set-flags.ts'

/** PostCommon `SaveWechatUser` (CONTENT): updateRecords `{Id, Ban}`; a banned identity cannot sign in with WeChat. */
export const saveWechatUser = defineOperation({
  postUrl: 'SaveWechatUser',
  permission: contentPermission,
  menu: ['/admin/wxUserManagement'],
  update: wechatUserUpdate,
  run: (trx, records, ctx) =>
    setFlags(trx, { table: 'wechat_user', column: 'ban' }, records.updateRecords.map((r) => ({ Id: r.Id, on: r.Ban })), ctx.lang),
})

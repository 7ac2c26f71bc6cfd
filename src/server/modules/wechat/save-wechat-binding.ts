import { Code } from '#shared/contract/codes'
import { wechatBindInsert, wechatBindRemove } from '#shared/contract/wechat-admin'
import { AppError } from '../../errors.ts'
import { adminPermission } from '../../permissions.ts'
import { defineOperation } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'

/**
 * PostCommon `SaveWechatBinding` (admin only: a binding lets the identity sign in as that
 * account, so an editor could otherwise bind their WeChat to the admin account):
 * insertRecords `{WechatUserId, LoginName}` bind, removeRecords `{WechatUserId, UserId}` unbind.
 */
export const saveWechatBinding = defineOperation({
  postUrl: 'SaveWechatBinding',
  permission: adminPermission,
  menu: ['/admin/wxUserManagement'],
  insert: wechatBindInsert,
  remove: wechatBindRemove,
  async run(trx, records, ctx) {
    const errors: Record<string, string> = {}
    const fail = (path: string, code: string) =>
      void (errors[path] ??= fieldText(path, code, ctx.lang))
    let removed = 0
    for (const [i, r] of records.removeRecords.entries()) {
      const res = await trx
        .deleteFrom('wechat_binding')
        .where('wechat_user_id', '=', r.WechatUserId)
        .where('user_id', '=', r.UserId)
        .executeTakeFirst()
      if (Number(res.numDeletedRows) === 0)
        fail(`postData.removeRecords.${i}.UserId`, 'recordNotFound')
      removed += Number(res.numDeletedRows)
    }
    let inserted = 0
    const now = new Date().toISOString()
    for (const [i, r] of records.insertRecords.entries()) {
      const wx = await trx
        .selectFrom('wechat_user')
        .select('id')
        .where('id', '=', r.WechatUserId)
        .executeTakeFirst()
      if (!wx) fail(`postData.insertRecords.${i}.WechatUserId`, 'recordNotFound')
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', r.LoginName)
        .executeTakeFirst()
      if (!user) fail(`postData.insertRecords.${i}.LoginName`, 'userNotFound')
      if (!wx || !user) continue
      const bound = await trx
        .selectFrom('wechat_binding')
        .select('user_id')
        .where('wechat_user_id', '=', wx.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst()
      if (bound) continue
      await trx
        .insertInto('wechat_binding')
        .values({ wechat_user_id: wx.id, user_id: user.id, created_at: now })
        .execute()
      inserted++
    }
    if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
    return { inserted, removed }
  },
})

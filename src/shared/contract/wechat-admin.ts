import { z } from 'zod'
import { recordId } from './content-fields.ts'
import { envelope, looseBoolean, page, pageQuery } from './envelope.ts'

/** `POST {API_PREFIX}/WechatUser/GetAdminList` (CONTENT): identities, searched by nickname, open id or bound account. */
export const wechatUserListBody = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  ban: looseBoolean.optional(),
})
export const wechatUserRow = z.object({
  Id: z.number().int(),
  OpenId: z.string(),
  NickName: z.string(),
  Avatar: z.string(),
  Ban: z.boolean(),
  CreateTime: z.string(),
  Accounts: z.array(
    z.object({ UserId: z.number().int(), LoginName: z.string(), RealName: z.string() }),
  ),
})
export type WechatUserRow = z.infer<typeof wechatUserRow>
export const wechatUserListResponse = envelope(page(wechatUserRow))

/** PostCommon `SaveWechatUser` (CONTENT): updateRecords `{Id, Ban}`; a banned identity cannot sign in. */
export const wechatUserUpdate = z.object({ Id: recordId, Ban: z.boolean({ message: 'required' }) })

/**
 * PostCommon `SaveWechatBinding` (admin only: binding an identity to an account lets it sign in
 * as that account): insertRecords `{WechatUserId, LoginName}` bind, removeRecords
 * `{WechatUserId, UserId}` unbind.
 */
export const wechatBindInsert = z.object({
  WechatUserId: recordId,
  LoginName: z.string({ message: 'required' }).trim().min(1, 'required').max(64, 'tooLong'),
})
export const wechatBindRemove = z.object({ WechatUserId: recordId, UserId: recordId })

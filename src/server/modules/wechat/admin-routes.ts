import type { FastifyInstance } from 'fastify'
import { registerOperation } from '../post-common/registry.ts'
import { wechatUserListRoute } from './admin-list.ts'
import { saveWechatBinding } from './save-wechat-binding.ts'
import { saveWechatUser } from './save-wechat-user.ts'

/** WeChat user management: `WechatUser/GetAdminList`, PostCommon `SaveWechatUser` and `SaveWechatBinding`. */
export async function wechatAdminRoutes(app: FastifyInstance) {
  registerOperation(saveWechatUser)
  registerOperation(saveWechatBinding)
  await app.register(wechatUserListRoute)
}

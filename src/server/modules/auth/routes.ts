import type { FastifyInstance } from 'fastify'
import { createDeviceTokens, loadDeviceKey } from './device-token.ts'
import { createLoginLimiter } from './login-limiter.ts'
import { loginRoute } from './login.ts'
import { logoutRoute } from './logout.ts'
import { modifyPasswordRoute } from './modify-password.ts'
import { publicKeyRoute } from './public-key.ts'
import { refreshTokenRoute } from './refresh-token.ts'
import { registerRoute } from './register.ts'
import { phoneLoginRoute } from './phone-login.ts'
import { sendSmsCodeRoute } from './send-sms-code.ts'
import { sendMobileChangeCodeRoute } from './send-mobile-change-code.ts'
import { signUpOptionsRoute } from './sign-up-options.ts'
import { saveMyProfile } from './save-my-profile.ts'
import { registerOperation } from '../post-common/registry.ts'
import { loadRsaKeys } from './rsa-keys.ts'
import { userInfoRoute } from './user-info.ts'
import { wechatRoutes } from '../wechat/routes.ts'
import { standInRoutes } from '../wechat/stand-in.ts'

/**
 * Sign-in and session calls, and the PostCommon `SaveMyProfile` operation. Registered twice: under `{API_PREFIX}` and, for the calls
 * SPEC §7 lists without a prefix (/publicKey, /register, /logout), at the root too.
 */
export async function authRoutes(app: FastifyInstance) {
  const { config } = app.deps
  const rsa = await loadRsaKeys(app.deps.db, config.dataDir)
  const limiter = createLoginLimiter(app.limits)
  const devices = createDeviceTokens(
    app.deps.db.db,
    await loadDeviceKey(app.deps.db, config.dataDir),
  )
  registerOperation(saveMyProfile)
  await app.register(
    async (api) => {
      await api.register(loginRoute(rsa, limiter, devices))
      await api.register(refreshTokenRoute)
      await api.register(userInfoRoute)
      await api.register(modifyPasswordRoute)
      await api.register(publicKeyRoute(rsa))
      await api.register(registerRoute)
      await api.register(logoutRoute)
      await api.register(sendSmsCodeRoute)
      await api.register(sendMobileChangeCodeRoute)
      await api.register(phoneLoginRoute)
      await api.register(signUpOptionsRoute)
      await api.register(wechatRoutes, { limiter })
    },
    { prefix: config.apiPrefix },
  )
  await app.register(publicKeyRoute(rsa))
  await app.register(registerRoute)
  await app.register(logoutRoute)
  await app.register(wechatRoutes, { socialLoginOnly: true })
  if (config.wechat?.standIn) await app.register(standInRoutes)
}

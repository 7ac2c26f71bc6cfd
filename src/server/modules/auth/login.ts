import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import {
  deviceCookieName,
  deviceTokenLifetimeDays,
  loginBody,
  loginCookies,
  loginCredentials,
  loginDescription,
} from '#shared/contract/auth'
import { loginAnswer } from '#shared/contract/sign-in-answers'
import { AppError } from '../../errors.ts'
import { writeLog } from '../system/log-repository.ts'
import type { DeviceTokens } from './device-token.ts'
import type { LoginLimiter } from './login-limiter.ts'
import { unusableHash, verifyPassword } from './passwords.ts'
import { base64LengthOf, signInMaxBlocks } from './rsa-decrypt.ts'
import type { RsaKeys } from './rsa-keys.ts'
import { issueTokens } from './session-repository.ts'
import { findUserByLoginName } from './user-repository.ts'

type Credentials = { username: string; password: string }

/**
 * The account a request names without any decryption: the plain username, or '' for an
 * encrypted `param` (whose account is only known after decrypting it).
 */
const plainAccount = (body: unknown) =>
  body && typeof body === 'object' && 'username' in body ? String(body.username).trim() : ''

/**
 * Plain credentials, or `{param}` decrypted with the server's RSA key; null when unreadable.
 * A `param` longer than a sign-in needs is refused by its length, before any RSA work.
 */
function credentialsOf(body: unknown, rsa: RsaKeys): Credentials | null {
  if (body && typeof body === 'object' && 'param' in body) {
    const param = String(body.param)
    if (param.length > base64LengthOf(signInMaxBlocks)) return null
    try {
      const parsed = loginCredentials.safeParse(JSON.parse(rsa.decrypt(param, signInMaxBlocks)))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }
  return loginCredentials.parse(body)
}

/**
 * `POST {API_PREFIX}/User/Login` (SPEC §7): the same answer for every kind of failure. A success
 * sets the device cookie (device-token.ts); a valid token for the account signing in exempts it
 * from the per-address lockout.
 */
export function loginRoute(rsa: RsaKeys, limiter: LoginLimiter, devices: DeviceTokens) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/User/Login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with an account and password (optionally RSA-encrypted as param)',
          description: loginDescription,
          body: loginBody,
          cookies: loginCookies,
          response: { 200: loginAnswer },
        },
      },
      async (req, reply) => {
        const { db, config } = app.deps
        const refuse = async (account: string) => {
          await writeLog(db.db, {
            account,
            operation: 'login',
            logType: 'system',
            result: 'login blocked',
            ip: req.ip,
          })
          return new AppError(Code.tooManyRequests, 'loginLocked')
        }
        // the accounts this browser signed in to before (valid device tokens): the address's
        // count does not block them
        const trusted = await devices.trusted(req.headers.cookie)
        // an encrypted sign-in names its account only once decrypted: a browser with a valid
        // token gets that far, then the account's own limits apply
        const isTrusted = (account: string) =>
          account === '' ? trusted.size > 0 : trusted.has(account)
        // the limiter first: a blocked address gets no RSA or password work at all
        const named = plainAccount(req.body)
        if (await limiter.blocked(named, req.ip, isTrusted(named))) throw await refuse(named)
        const credentials = credentialsOf(req.body, rsa)
        const account = credentials?.username ?? ''
        if (
          (account !== named || named === '') &&
          (await limiter.blocked(account, req.ip, account !== '' && trusted.has(account)))
        )
          throw await refuse(account)
        const user = credentials
          ? await findUserByLoginName(db.db, credentials.username)
          : undefined
        // Always spend one scrypt so every failure takes the same time.
        const ok = await verifyPassword(
          credentials?.password ?? '',
          user?.password_hash ?? unusableHash,
        )
        if (!user || !ok || user.ban) {
          await limiter.fail(account, req.ip)
          await writeLog(db.db, {
            account,
            operation: 'login',
            logType: 'system',
            result: 'login failure',
            ip: req.ip,
          })
          throw new AppError(Code.failed, 'loginFailed')
        }
        await limiter.succeed(account, req.ip)
        const device = devices.issue(user)
        void reply.header(
          'set-cookie',
          [
            `${deviceCookieName}=${devices.cookieValue(req.headers.cookie, device, user.login_name)}`,
            `Path=${config.apiPrefix}/User/Login`,
            `Max-Age=${deviceTokenLifetimeDays * 86_400}`,
            'HttpOnly',
            'SameSite=Strict',
            ...(req.protocol === 'https' ? ['Secure'] : []),
          ].join('; '),
        )
        const tokens = await issueTokens(db.db, {
          userId: user.id,
          ip: req.ip,
          accessTtl: config.accessTokenTtlSeconds,
          refreshTtl: config.refreshTokenTtlSeconds,
        })
        await writeLog(db.db, {
          account,
          operation: 'login',
          logType: 'system',
          result: 'login success',
          ip: req.ip,
        })
        return { code: Code.ok, msg: 'ok', data: tokens }
      },
    )
  }
}

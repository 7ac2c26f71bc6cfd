import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { loginAnswer } from '#shared/contract/sign-in-answers'
import { wxBindBody } from '#shared/contract/wechat'
import { AppError } from '../../errors.ts'
import type { LoginLimiter } from '../auth/login-limiter.ts'
import { unusableHash, verifyPassword } from '../auth/passwords.ts'
import { issueTokens } from '../auth/session-repository.ts'
import { findUserByLoginName } from '../auth/user-repository.ts'
import { writeLog } from '../system/log-repository.ts'
import { bindAccount, claimTicket, findTicket, findWechatUser } from './repository.ts'

/**
 * `POST {API_PREFIX}/User/WxBind` `{ticket, username, password}`: binds the WeChat identity of a
 * ticket to an account and signs in. Registered only when WeChat (or WECHAT_STANDIN) is
 * configured. Order matters: the sign-in limiter first (the same counters as
 * User/Login; the attempt is counted at once), then the ticket (no valid ticket, no password check at all), then the password,
 * answered with the one "account or password incorrect" for an unknown account, a wrong
 * password and a banned account. The ticket is used only by a successful bind.
 */
export function wxBindRoute(limiter: LoginLimiter) {
  return async (app: FastifyInstance) => {
    const { db, config } = app.deps
    app.withTypeProvider<ZodTypeProvider>().post(
      '/User/WxBind',
      {
        schema: {
          tags: ['auth'],
          summary: 'Bind a WeChat identity to an account and sign in',
          body: wxBindBody,
          response: { 200: loginAnswer },
        },
      },
      async (req) => {
        const account = req.body.username
        const log = (result: string) =>
          writeLog(db.db, {
            account,
            operation: 'wechat bind',
            logType: 'system',
            result,
            ip: req.ip,
          })
        if (await limiter.blocked(account, req.ip)) {
          await log('login blocked')
          throw new AppError(Code.tooManyRequests, 'loginLocked')
        }
        // every attempt counts before any work, so concurrent guesses cannot all pass the check
        // above before the first is counted; a success clears the account's count again
        await limiter.fail(account, req.ip)
        const ticket = await findTicket(db.db, req.body.ticket)
        if (!ticket) throw new AppError(Code.failed, 'wechatTicketExpired')
        // an identity banned after its ticket was issued must not bind (told before any password check)
        if ((await findWechatUser(db.db, ticket.open_id))?.ban)
          throw new AppError(Code.failed, 'wechatNotBound')
        const user = await findUserByLoginName(db.db, account)
        // always one scrypt, so a failure takes the same time whatever its cause
        const ok = await verifyPassword(req.body.password, user?.password_hash ?? unusableHash)
        if (!user || !ok || user.ban) {
          await log('login failure')
          throw new AppError(Code.failed, 'loginFailed')
        }
        await limiter.succeed(account, req.ip)
        if (!(await claimTicket(db.db, ticket.ticket_hash)))
          throw new AppError(Code.failed, 'wechatTicketExpired')
        const wechatUserId = await bindAccount(db.db, ticket.open_id, ticket.nick_name, user.id)
        await log('wechat bound')
        return {
          code: Code.ok,
          msg: 'ok',
          data: await issueTokens(db.db, {
            userId: user.id,
            wechatUserId,
            ip: req.ip,
            accessTtl: config.accessTokenTtlSeconds,
            refreshTtl: config.refreshTokenTtlSeconds,
          }),
        }
      },
    )
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { loginAnswer, wxLoginAnswer } from '#shared/contract/sign-in-answers'
import {
  wxAuthorizeQuery,
  wxAuthorizeResponse,
  wxChooseBody,
  wxLoginBody,
} from '#shared/contract/wechat'
import { AppError } from '../../errors.ts'
import { issueTokens } from '../auth/session-repository.ts'
import type { LoginLimiter } from '../auth/login-limiter.ts'
import { writeLog } from '../system/log-repository.ts'
import { authorizeUrl, exchangeCode } from './provider.ts'
import {
  boundAccounts,
  claimTicket,
  createTicket,
  findTicket,
  findWechatUser,
} from './repository.ts'
import { myWxBindingsRoute } from './my-bindings.ts'
import { wxUnbindRoute } from './unbind-mine.ts'
import { wxBindRoute } from './wx-bind.ts'

/** WeChat code sign-ins (`User/WxLogin`, `/socialLogin`) one address may start per window (docs/security.md). */
export const wxLoginLimits = { perAddress: 30, windowMs: 10 * 60_000 }

/**
 * WeChat sign-in (SPEC §4 social login): authorize URL, code login, account choice, binding.
 * Sessions it starts carry the identity, so banning the identity ends them.
 */
export async function wechatRoutes(
  app: FastifyInstance,
  opts: { socialLoginOnly?: boolean; limiter?: LoginLimiter },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const { db, config } = app.deps
  const wechat = () => {
    // 404: the feature is not on this site, not a server failure (docs/deviations.md)
    if (!config.wechat) throw new AppError(Code.notFound, 'wechatNotConfigured')
    return config.wechat
  }
  const tokensFor = (userId: number, wechatUserId: number, req: FastifyRequest) =>
    issueTokens(db.db, {
      userId,
      wechatUserId,
      ip: req.ip,
      accessTtl: config.accessTokenTtlSeconds,
      refreshTtl: config.refreshTokenTtlSeconds,
    })
  const log = (account: string, result: string, req: FastifyRequest) =>
    writeLog(db.db, { account, operation: 'wechat login', logType: 'system', result, ip: req.ip })

  const wxLoginSchema = {
    tags: ['auth'],
    summary: 'Sign in with a WeChat code',
    body: wxLoginBody,
    response: { 200: wxLoginAnswer },
  }
  if (opts.socialLoginOnly) {
    typed.post(
      '/socialLogin',
      { schema: { ...wxLoginSchema, summary: 'Mock-compatible alias of User/WxLogin' } },
      (req) => wxLogin(req.body, req),
    )
    return
  }

  typed.get(
    '/User/WxAuthorizeUrl',
    {
      schema: {
        tags: ['auth'],
        summary: 'WeChat authorize URL',
        querystring: wxAuthorizeQuery,
        response: { 200: wxAuthorizeResponse },
      },
    },
    async (req) => ({
      code: Code.ok,
      msg: 'ok',
      data: { url: authorizeUrl(wechat(), req.query.redirectUri, req.query.state) },
    }),
  )

  async function wxLogin(body: { code: string }, req: FastifyRequest) {
    // counted per address before the provider is asked (an outgoing request per call)
    const { count } = await app.limits.hit(`wx:login:ip:${req.ip}`, wxLoginLimits.windowMs)
    if (count > wxLoginLimits.perAddress) throw new AppError(Code.tooManyRequests, 'wechatTooMany')
    const identity = await exchangeCode(wechat(), body.code)
    if (!identity) {
      await log('', 'login failure', req)
      throw new AppError(Code.failed, 'wechatFailed')
    }
    const wx = await findWechatUser(db.db, identity.openId)
    if (!wx) {
      const ticket = await createTicket(db.db, identity.openId, identity.nickName)
      return { code: Code.ok, msg: 'ok', data: { IsBind: false, LoginList: [], Ticket: ticket } }
    }
    const accounts = wx.ban ? [] : await boundAccounts(db.db, wx.id)
    if (accounts.length === 0) {
      await log(`wx:${wx.nick_name}`, 'login failure', req)
      return { code: Code.ok, msg: 'ok', data: { IsBind: true, LoginList: [], Ticket: '' } }
    }
    if (accounts.length === 1) {
      const a = accounts[0]!
      await log(a.login_name, 'login success', req)
      return {
        code: Code.ok,
        msg: 'ok',
        data: {
          IsBind: true,
          LoginList: [{ LoginName: a.login_name, ...(await tokensFor(a.id, wx.id, req)) }],
          Ticket: '',
        },
      }
    }
    const ticket = await createTicket(db.db, identity.openId, identity.nickName)
    return {
      code: Code.ok,
      msg: 'ok',
      data: {
        IsBind: true,
        LoginList: accounts.map((a) => ({ LoginName: a.login_name, Token: '', RefreshToken: '' })),
        Ticket: ticket,
      },
    }
  }
  typed.post('/User/WxLogin', { schema: wxLoginSchema }, (req) => wxLogin(req.body, req))

  typed.post(
    '/User/ChooseWxLogin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in as one of the accounts bound to a WeChat identity',
        body: wxChooseBody,
        response: { 200: loginAnswer },
      },
    },
    async (req) => {
      // a ticket is used once: of two requests racing with it, only the one that deletes it goes on
      const t = await findTicket(db.db, req.body.ticket)
      if (!t || !(await claimTicket(db.db, t.ticket_hash)))
        throw new AppError(Code.failed, 'wechatTicketExpired')
      const wx = await findWechatUser(db.db, t.open_id)
      if (!wx) throw new AppError(Code.failed, 'wechatTicketExpired')
      const account = (await boundAccounts(db.db, wx.id)).find(
        (a) => a.login_name === req.body.loginName,
      )
      if (!account || wx.ban) throw new AppError(Code.failed, 'wechatNotBound')
      await log(account.login_name, 'login success', req)
      return { code: Code.ok, msg: 'ok', data: await tokensFor(account.id, wx.id, req) }
    },
  )

  // binding signs in with a password: only where WeChat sign-in exists
  if (config.wechat && opts.limiter) await app.register(wxBindRoute(opts.limiter))
  // listed and removable whether or not WeChat sign-in is configured now
  await app.register(myWxBindingsRoute)
  await app.register(wxUnbindRoute)
}

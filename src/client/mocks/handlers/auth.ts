import { http } from 'msw'
import { Code } from '#shared/contract/codes'
import {
  doneResponse,
  loginBody,
  loginResponse,
  modifyPassBody,
  publicKeyResponse,
  refreshResponse,
  registerBody,
  userInfoResponse,
} from '#shared/contract/auth'
import {
  myWxBindingsResponse,
  wxAuthorizeResponse,
  wxLoginBody,
  wxLoginResponse,
} from '#shared/contract/wechat'
import { accountByName, accountByRefresh, accountOf, type MockAccount } from '../accounts.ts'
import { bodyOf, fail, ok, say } from '../reply.ts'

const tokensOf = (a: MockAccount) => ({ Token: a.Token, RefreshToken: a.RefreshToken })

/** SPEC §8 mock message of a failed sign-in (code 500). */
const badLogin = (request: Request) =>
  fail(Code.failed, say(request, '账号或密码不正确', 'Incorrect account or password'))

/** Sign-in and session calls of SPEC §7 over the mock accounts. */
export function authHandlers(base: string) {
  return [
    // mockServer: the client sends the credentials unencrypted (SPEC §7), so no key pair is needed
    http.get(`${base}/publicKey`, () => ok(publicKeyResponse, { publicKey: '', mockServer: true })),
    http.post(`${base}/User/Login`, async ({ request }) => {
      const body = await bodyOf(request, loginBody)
      if (!body || !('username' in body)) return badLogin(request)
      const account = accountByName(body.username)
      return account ? ok(loginResponse, tokensOf(account)) : badLogin(request)
    }),
    http.get(`${base}/User/Get`, ({ request }) => {
      const a = accountOf(request)
      if (!a) return fail(Code.unauthorized, say(request, '请先登录', 'Please sign in'))
      const { Token: _t, RefreshToken: _r, ...info } = a
      return ok(userInfoResponse, info)
    }),
    http.get(`${base}/User/RefreshToken`, ({ request }) => {
      const sent =
        request.headers.get('x-refresh-token') ??
        new URL(request.url).searchParams.get('refreshToken')
      const a = accountByRefresh(sent ?? undefined)
      return a
        ? ok(refreshResponse, tokensOf(a))
        : fail(Code.signInAgain, say(request, '请重新登录', 'Please sign in again'))
    }),
    http.get(`${base}/logout`, () => ok(doneResponse, null)),
    http.post(`${base}/User/ModifyMyPass`, async ({ request }) => {
      if (!accountOf(request))
        return fail(Code.unauthorized, say(request, '请先登录', 'Please sign in'))
      if (!(await bodyOf(request, modifyPassBody)))
        return fail(Code.badRequest, say(request, '输入有误', 'Invalid input'))
      return ok(doneResponse, null, say(request, '密码修改成功', 'Password changed'), Code.done)
    }),
    http.post(`${base}/register`, async ({ request }) =>
      (await bodyOf(request, registerBody))
        ? ok(doneResponse, null, '模拟注册成功')
        : fail(Code.badRequest, say(request, '输入有误', 'Invalid input')),
    ),
    // WeChat: the "provider" sends the browser straight back with a code that signs in as admin
    http.get(`${base}/User/WxAuthorizeUrl`, ({ request }) => {
      const q = new URL(request.url).searchParams
      const back = new URL(q.get('redirectUri') ?? '/callback', location.origin)
      back.searchParams.set('code', 'mock-wechat-code')
      back.searchParams.set('state', q.get('state') ?? '')
      return ok(wxAuthorizeResponse, { url: back.toString() })
    }),
    http.post(`${base}/User/WxLogin`, async ({ request }) => {
      const body = await bodyOf(request, wxLoginBody)
      // SPEC §8 mock message: social login without a code
      if (!body) return fail(Code.failed, '未成功获取Token')
      const admin = accountByName('admin')!
      return ok(wxLoginResponse, {
        IsBind: true,
        LoginList: [{ LoginName: admin.LoginName, ...tokensOf(admin) }],
        Ticket: '',
      })
    }),
    // personal centre: no mock account has a WeChat binding
    http.get(`${base}/User/WxBindings`, ({ request }) =>
      accountOf(request)
        ? ok(myWxBindingsResponse, [])
        : fail(Code.unauthorized, say(request, '请先登录', 'Please sign in')),
    ),
    http.post(`${base}/User/WxUnbind`, ({ request }) =>
      accountOf(request)
        ? fail(Code.notFound, say(request, '请求的资源不存在', 'Not found'))
        : fail(Code.unauthorized, say(request, '请先登录', 'Please sign in')),
    ),
  ]
}

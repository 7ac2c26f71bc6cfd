import { z } from 'zod'
import { envelope } from './envelope.ts'

/** `GET {API_PREFIX}/User/WxAuthorizeUrl?redirectUri=&state=`: where the browser goes to sign in with WeChat. */
export const wxAuthorizeQuery = z.object({
  redirectUri: z.url().max(500),
  state: z.string().regex(/^[\w-]{8,64}$/),
})
export const wxAuthorizeResponse = envelope(z.object({ url: z.string() }))

/** `POST {API_PREFIX}/User/WxLogin` (and `/socialLogin`): the provider's code. */
export const wxLoginBody = z.object({ code: z.string().trim().min(1).max(200) })

export const wxAccount = z.object({
  LoginName: z.string(),
  Token: z.string(),
  RefreshToken: z.string(),
})

/**
 * SPEC §4 outcomes: IsBind false -> bind an account (/wxbd, with Ticket); IsBind true and
 * one account -> signed in (its tokens); several -> choose one (/selectaccount, with Ticket,
 * tokens empty until chosen); none -> "not bound to any account".
 */
export const wxLoginResult = z.object({
  IsBind: z.boolean(),
  LoginList: z.array(wxAccount),
  Ticket: z.string(),
})
export type WxLoginResult = z.infer<typeof wxLoginResult>
export const wxLoginResponse = envelope(wxLoginResult)

/** `POST {API_PREFIX}/User/ChooseWxLogin`: one of several bound accounts. */
export const wxChooseBody = z.object({
  ticket: z.string().min(1).max(200),
  loginName: z.string().min(1).max(64),
})

/** `POST {API_PREFIX}/User/WxBind`: bind the WeChat identity of a ticket to an account and sign in. */
export const wxBindBody = z.object({
  ticket: z.string().min(1).max(200),
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
})

/** One WeChat identity bound to the signed-in account (personal centre). */
export const myWxBinding = z.object({
  WechatUserId: z.number().int(),
  NickName: z.string(),
  /** when the binding was made (ISO-8601) */
  BoundTime: z.string(),
})
export type MyWxBinding = z.infer<typeof myWxBinding>

/** `GET {API_PREFIX}/User/WxBindings`: the WeChat identities that can sign in as me. */
export const myWxBindingsResponse = envelope(z.array(myWxBinding))

/** `POST {API_PREFIX}/User/WxUnbind`: remove one of them from my account. */
export const wxUnbindBody = z.object({ WechatUserId: z.coerce.number().int().positive() })
export const wxUnbindResponse = envelope(z.object({ removed: z.number().int() }))

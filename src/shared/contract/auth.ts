import { z } from 'zod'
import { envelope } from './envelope.ts'
import { emailPattern, mobile, phonePattern, smsCode } from './fields.ts'
import {
  deviceCookieName,
  deviceTokenLifetimeDays,
  deviceTokensPerBrowser,
  newPasswordMin,
} from './sign-in.ts'

export { tokenCookieName } from './session-cookie.ts'
export * from './sign-in.ts'

export const loginCredentials = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
})

/** `POST {API_PREFIX}/User/Login`: plain credentials, or `{param}` RSA-encrypted (SPEC §7). */
export const loginBody = z.union([
  loginCredentials,
  z.object({ param: z.string().min(1).max(8192) }),
])

/**
 * The device cookie of `User/Login` for the API document (OpenAPI `in: cookie`; Fastify does not
 * validate cookies, the route reads it itself): see `deviceCookieName` in sign-in.ts.
 */
export const loginCookies = {
  type: 'object',
  properties: {
    [deviceCookieName]: {
      type: 'string',
      description: `Device tokens of this browser (up to ${deviceTokensPerBrowser}, joined by ~), set by a successful sign-in: a valid one for the account signing in exempts it from the per-address lockout (not the per-account one). Valid ${deviceTokenLifetimeDays} days or until the password changes.`,
    },
  },
} as const

/** What `User/Login` answers besides its body (the API document's operation description). */
export const loginDescription = `A success also answers \`Set-Cookie: ${deviceCookieName}=<tokens>; Path={API_PREFIX}/User/Login; Max-Age=${deviceTokenLifetimeDays * 86_400}; HttpOnly; SameSite=Strict\` (Secure over https): this browser's device tokens, the account's new one first. Sent back with later sign-ins, the account's token exempts them from the per-address lockout (not the per-account one) until its password changes.`

/**
 * `GET {API_PREFIX}/User/RefreshToken?refreshToken=` (SPEC §7), or the token in the
 * `X-Refresh-Token` header (GET or POST), or `POST` with `{ refreshToken }`: the header and
 * body forms keep it out of URLs (proxy and access logs, browser history).
 */
export const refreshTokenHeader = 'x-refresh-token'
const refreshTokenValue = z.string().min(1).max(200)
export const refreshQuery = z.object({ refreshToken: refreshTokenValue.optional() })
export const refreshBody = z.object({ refreshToken: refreshTokenValue.optional() }).optional()

/** An uploaded picture (`POST Upload` answers `/uploads/{yyyy-mm}/{name}.{ext}`), or '' for none. */
const avatarUrl = z
  .string()
  .trim()
  .max(300, 'tooLong')
  .refine(
    (v) =>
      v === '' ||
      (/^\/uploads\/[A-Za-z0-9_/-]+\.(?:jpe?g|png|gif|webp)$/.test(v) && !v.includes('//')),
    'avatar',
  )

/**
 * PostCommon `SaveMyProfile` (any signed-in user, only themself), the one updateRecords entry:
 * RealName required, NickName optional, Mobile and Email optional with the SPEC §5 phone and
 * e-mail rules, Avatar an uploaded picture or ''. Every field is sent (the form edits the whole
 * profile). A Mobile other than the stored one needs SmsCode, the code sent to that number.
 */
export const myProfileBody = z.object({
  RealName: z.string({ message: 'required' }).trim().min(1, 'required').max(50, 'tooLong'),
  NickName: z.string().trim().max(50, 'tooLong').default(''),
  Mobile: z
    .string()
    .trim()
    .refine((v) => v === '' || phonePattern.test(v), 'phone')
    .default(''),
  Email: z
    .string()
    .trim()
    .max(100, 'tooLong')
    .refine((v) => v === '' || emailPattern.test(v), 'email')
    .default(''),
  Avatar: avatarUrl.default(''),
  /** the code sent to a new Mobile (`User/SendMobileChangeCode`); needed only when Mobile changes */
  SmsCode: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4,8}$/.test(v), 'smsCode')
    .default(''),
})
export type MyProfile = z.input<typeof myProfileBody>

/** `POST {API_PREFIX}/User/ModifyMyPass`: success is code 10000. */
export const modifyPassBody = z.object({
  oldPass: z.string({ message: 'required' }).min(1, 'required').max(200, 'tooLong'),
  newPass: z
    .string({ message: 'required' })
    .min(newPasswordMin, 'passwordTooShort')
    .max(200, 'tooLong'),
})
export const doneResponse = envelope(z.null())

/**
 * `POST /register`: an account with no role; it sees nothing until an admin assigns one. The
 * mobile number is proven by the code sent to it (`User/SendSmsCode`, purpose register).
 */
export const registerBody = z.object({
  username: z
    .string({ message: 'required' })
    .trim()
    .min(3, 'userNameFormat')
    .max(32, 'userNameFormat')
    .regex(/^[A-Za-z0-9_.\-\u4e00-\u9fa5]+$/, 'userNameFormat'),
  password: z
    .string({ message: 'required' })
    .min(newPasswordMin, 'passwordTooShort')
    .max(200, 'tooLong'),
  realName: z.string().trim().max(50, 'tooLong').default(''),
  mobile,
  code: smsCode,
})

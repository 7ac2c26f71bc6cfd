import * as z from 'zod/mini'
import { envelope } from './mini-envelope.ts'

/**
 * The answers of the sign-in calls and the signed-in user, built with `zod/mini` (re-exported by
 * auth.ts): the login page and the staff shell parse these, and the full `zod` API would add
 * about 25 KB gzip to them. Only parts of `zod/mini` the public site's contract
 * already uses (its copy is in the first-load chunk); the request bodies, which only the server
 * checks, stay in auth.ts. Fastify validates both forms alike.
 */
export const tokenPair = z.object({
  Token: z.string(),
  RefreshToken: z.string(),
})

export const loginResponse = envelope(tokenPair)
export const refreshResponse = envelope(tokenPair)

/**
 * The device cookie (docs/security.md "Device tokens"): a successful password sign-in sets it,
 * HttpOnly, SameSite=Strict, sent back to `User/Login` only. It holds up to
 * `deviceTokensPerBrowser` signed tokens joined by `~`, one per account signed in from this
 * browser; a valid one exempts that account's sign-ins from the per-address lockout (not from the
 * per-account one) for `deviceTokenLifetimeDays`, until the account's password changes.
 */
export const deviceCookieName = 'forgeline-device'
export const deviceTokenLifetimeDays = 180
export const deviceTokensPerBrowser = 5

/** New passwords are at least 8 characters. */
export const newPasswordMin = 8

/** `GET {API_PREFIX}/User/Get`: the signed-in user (SPEC §3 user info). */
export const userInfo = z.object({
  LoginName: z.string(),
  Role: z.string(),
  RealName: z.string(),
  Avatar: z.string(),
  Abilities: z.array(z.string()),
  MustChangePassword: z.boolean(),
  /** the role's grid permission strings (SPEC §6 `button-add-show-true`), for toolbars and columns */
  Permissions: z.optional(z.array(z.string())),
  /** the rest of the user's own profile (personal centre); '' when not set */
  NickName: z.optional(z.string()),
  Mobile: z.optional(z.string()),
  Email: z.optional(z.string()),
})
export type UserInfo = z.infer<typeof userInfo>
export const userInfoResponse = envelope(userInfo)

/** `GET /publicKey` (SPEC §7). */
export const publicKeyResponse = envelope(
  z.object({ publicKey: z.string(), mockServer: z.boolean() }),
)

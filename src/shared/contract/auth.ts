import { z } from 'zod'
import { envelope } from './envelope.ts'

/** Name of the cookie that holds the access token in the browser (SPEC §4). */
export const tokenCookieName = 'admin-pro-token'

export const loginCredentials = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
})

/** `POST {API_PREFIX}/User/Login`: plain credentials, or `{param}` RSA-encrypted (SPEC §7). */
export const loginBody = z.union([
  loginCredentials,
  z.object({ param: z.string().min(1).max(8192) }),
])

export const tokenPair = z.object({
  Token: z.string(),
  RefreshToken: z.string(),
})

export const loginResponse = envelope(tokenPair)

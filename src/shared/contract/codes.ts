/**
 * Response codes of the `{code, msg, data}` envelope (SPEC §8).
 * HTTP status mirrors the code for client errors; business codes travel with HTTP 200.
 */
export const Code = {
  ok: 200,
  /** success of some write calls, e.g. ModifyMyPass */
  done: 10000,
  /** access token expired: refresh once and repeat the request */
  tokenExpired: 10001,
  /** signed out for too long, signed in elsewhere, or refresh token invalid */
  signInAgain: 10002,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  /** business failure with a message safe to show (HTTP 200) */
  failed: 500,
  /** the service cannot answer now: draining, or its database cannot be reached (see faults.ts) */
  unavailable: 503,
  /** a write refused because the server's storage is full (HTTP 507; no SPEC §8 text) */
  storageFull: 507,
} as const

export type CodeValue = (typeof Code)[keyof typeof Code]

/** Codes the client treats as handled answers rather than transport failures (SPEC §8). */
export const handledCodes: readonly (number | string)[] = [
  200,
  0,
  '200',
  '0',
  10000,
  10001,
  10002,
  10003,
  10004,
  500,
  100011,
]

/**
 * The codes of `handledCodes` that mean success (SPEC §8 "200 and configured success codes").
 * Left out, because SPEC §8 gives them their own handling: 0 and 500 (a message with the code),
 * 10001 (refresh and repeat) and 10002 (sign in again). README "Deviations" says why.
 */
export const successCodes: readonly (number | string)[] = handledCodes.filter(
  (c) => ![0, 500, Code.tokenExpired, Code.signInAgain].includes(Number(c)),
)

/** True when an answer's code (a number or its text, e.g. '200') is a success. */
export const isSuccessCode = (code: unknown): boolean =>
  (typeof code === 'number' || (typeof code === 'string' && code.trim() !== '')) &&
  successCodes.map(Number).includes(Number(code))

/** HTTP status that goes with a code. */
export function httpStatusFor(code: number): number {
  if (code >= 400 && code < 500) return code
  if (code === Code.unavailable) return 503
  if (code === Code.storageFull) return 507
  return 200
}

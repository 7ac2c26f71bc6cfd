import * as z from 'zod/mini'

/** Bounds of one error-log entry sent by the app (SPEC §3 "url, err"; SPEC §8 "sent on"). */
export const clientErrorLimits = { url: 500, message: 1000, stack: 4000 } as const

/** `POST {API_PREFIX}/Log/ClientError`: an unhandled UI error of the signed-in user's app. */
export const clientErrorBody = z.object({
  url: z.string().check(z.maxLength(clientErrorLimits.url)),
  message: z.string().check(z.minLength(1), z.maxLength(clientErrorLimits.message)),
  stack: z.optional(z.string().check(z.maxLength(clientErrorLimits.stack))),
  source: z.enum(['error', 'promise', 'request', 'render', 'chunk']),
})

export type ClientErrorBody = z.infer<typeof clientErrorBody>

/** Entries one user may send per minute; more are dropped (answered 429). */
export const clientErrorsPerMinute = 20

import ky, { type KyRequest } from 'ky'
import type { z } from 'zod'
import { Code } from '#shared/contract/codes'
import { currentLocale } from './i18n.ts'
import { refreshSession } from './refresh.ts'
import { accessToken } from './session-tokens.ts'

export const apiBase = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/$/, '')

/** An answer whose code is not a success; `msg` is safe to show. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export type AuthFailure = { kind: 'signInAgain'; message: string } | { kind: 'unauthorized' } | { kind: 'forbidden' }

let onAuthFailure: (f: AuthFailure) => void = () => {}

/** The app decides what a failed session means (reset, go to login or /403); set once at start. */
export function setAuthFailureHandler(handler: (f: AuthFailure) => void) {
  onAuthFailure = handler
}

async function codeOf(response: Response): Promise<{ code?: number; msg?: string }> {
  if (!response.headers.get('content-type')?.includes('json')) return {}
  try {
    return (await response.clone().json()) as { code?: number; msg?: string }
  } catch {
    return {}
  }
}

async function afterResponse(request: KyRequest, _o: unknown, response: Response, state: { retryCount: number }) {
  const { code, msg } = await codeOf(response)
  if (code === Code.tokenExpired && state.retryCount === 0) {
    const sent = request.headers.get('Authorization')?.replace(/^Bearer /, '') || undefined
    const result = await refreshSession(apiBase, sent)
    if (result === 'refreshed') {
      const headers = new Headers(request.headers)
      headers.set('Authorization', `Bearer ${accessToken() ?? ''}`)
      return ky.retry({ request: new Request(request, { headers }), code: 'TOKEN_REFRESHED', delay: 0 })
    }
    if (result === 'signInAgain') onAuthFailure({ kind: 'signInAgain', message: msg ?? '' })
    return
  }
  if (code === Code.signInAgain) onAuthFailure({ kind: 'signInAgain', message: msg ?? '' })
  else if (response.status === 401) onAuthFailure({ kind: 'unauthorized' })
  else if (response.status === 403) onAuthFailure({ kind: 'forbidden' })
}

export const http = ky.create({
  timeout: 15_000,
  throwHttpErrors: false,
  retry: {
    limit: 1,
    methods: ['get', 'post', 'put', 'patch', 'delete', 'head'],
    statusCodes: [],
    afterStatusCodes: [],
    // only the forced retry after a token refresh; never automatic ones
    shouldRetry: ({ error }) => error.name === 'ForceRetryError',
  },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = accessToken()
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`)
        request.headers.set('lang', currentLocale())
      },
    ],
    afterResponse: [afterResponse],
  },
})

type Envelope = { code: number; msg: string; data: unknown; errors?: Record<string, string> }

async function unwrap<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  let body: Envelope
  try {
    body = (await res.json()) as Envelope
  } catch {
    throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`)
  }
  if (body.code !== Code.ok && body.code !== Code.done) {
    throw new ApiError(body.code, body.msg, body.errors)
  }
  return schema.parse(body)
}

type Params = Record<string, string | number | boolean | undefined>

function clean(params: Params): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number | boolean
  >
}

/** GET a call of the contract and parse its envelope with the call's schema. */
export async function getCall<S extends z.ZodType>(path: string, schema: S, params: Params = {}) {
  return unwrap(await http.get(`${apiBase}/${path}`, { searchParams: clean(params) }), schema)
}

/** POST a JSON body to a call of the contract and parse its envelope. */
export async function postCall<S extends z.ZodType>(
  path: string,
  schema: S,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return unwrap(await http.post(`${apiBase}/${path}`, { json: body, headers }), schema)
}

/** GET a single item; resolves to null when the server says it does not exist (or the id is bad). */
export async function getItemCall<S extends z.ZodType>(path: string, schema: S, params: Params) {
  try {
    return await getCall(path, schema, params)
  } catch (e) {
    if (e instanceof ApiError && (e.code === Code.notFound || e.code === Code.badRequest)) return null
    throw e
  }
}

import ky from 'ky'
import type { z } from 'zod'
import { tokenCookieName } from '#shared/contract/auth'
import { Code } from '#shared/contract/codes'
import { readCookie } from './cookies.ts'
import { currentLocale } from './i18n.ts'

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

export const http = ky.create({
  timeout: 15_000,
  retry: 0,
  throwHttpErrors: false,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = readCookie(tokenCookieName)
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
        request.headers.set('lang', currentLocale())
      },
    ],
  },
})

type Envelope = { code: number; msg: string; data: unknown; errors?: Record<string, string> }

async function unwrap<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  let body: Envelope
  try {
    body = (await res.json()) as Envelope
  } catch {
    throw new ApiError(res.status, res.statusText || 'Network error')
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

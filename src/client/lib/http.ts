import type { $ZodType, output } from 'zod/v4/core'
import { Code, isSuccessCode } from '#shared/contract/codes'
import { fetchWithin } from './fetch-within.ts'
import { currentLocale } from './i18n.ts'
import { showOverlay, wantsOverlay } from './loading-overlay.ts'
import type * as ServerHealthModule from './server-health.ts'
import { accessToken } from './session-tokens.ts'
import { statusText } from './status-text.ts'

export const apiBase = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/$/, '')

/** An answer whose code is not a success; `msg` is safe to show. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** the call that answered it (SPEC §8 "other codes" name the url) */
    readonly url?: string,
    /** the envelope's `data` (a clash answer's `conflicts`) */
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
  /** an outbox refusal kept on the device: JSON keeps no `message` of an `Error` otherwise */
  toJSON() {
    return { ...this, message: this.message }
  }
}

/**
 * What SPEC §8 shows for a rejected answer: `500`/`0` the code and the message; a failed HTTP
 * answer without our envelope the default text (already the message); other codes the url, the
 * code and the message.
 */
export function apiErrorText(e: ApiError): string {
  if (e.code === 500 || e.code === 0) return `${e.code}: ${e.message}`
  if (
    e.code === Code.unauthorized ||
    e.code === Code.forbidden ||
    !e.url ||
    (e.code >= 400 && e.code < 600)
  )
    return e.message
  return `${e.url} ${e.code}: ${e.message}`
}

/** The SPEC §8 text of any failure for a toast: an API answer as `apiErrorText`, else its message or the fallback. */
export function errorText(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return apiErrorText(e)
  return e instanceof Error && e.message ? e.message : fallback
}

export type AuthFailure =
  { kind: 'signInAgain'; message: string } | { kind: 'unauthorized' } | { kind: 'forbidden' }

let onAuthFailure: (f: AuthFailure) => void = () => {}

/** The app decides what a failed session means (reset, go to login or /403); set once at start. */
export function setAuthFailureHandler(handler: (f: AuthFailure) => void) {
  onAuthFailure = handler
}

/**
 * An answer's JSON, parsed once however many readers ask (the code check of `send`, then the
 * envelope of the call): a 10,000-row answer is megabytes to decode. Read from a clone, so the
 * Response itself stays unread for raw callers.
 */
const parsed = new WeakMap<Response, Promise<unknown>>()
function jsonOf(response: Response): Promise<unknown> {
  let body = parsed.get(response)
  if (!body) parsed.set(response, (body = response.clone().text().then(parseEnvelopeText)))
  return body
}

/** An answer whose body arrived whole but is not JSON (a proxy's HTML error page, an empty body). */
class NotJson extends Error {}

/**
 * Parses a body that was read whole. Reading and parsing fail apart: a body cut off on the way
 * (the connection dropped, the page navigated away) rejects with the network's own error, so it
 * is a failed connection for the caller (the staff guard keeps the session), never an answer.
 */
function parseEnvelopeText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new NotJson()
  }
}

async function codeOf(response: Response): Promise<{ code?: number; msg?: string }> {
  if (!response.headers.get('content-type')?.includes('json')) return {}
  try {
    return ((await jsonOf(response)) ?? {}) as { code?: number; msg?: string }
  } catch {
    return {}
  }
}

/** The answer's parsed JSON body, or null (not JSON) for the server-health banner. */
const jsonIfAny = (response: Response) =>
  response.headers.get('content-type')?.includes('json')
    ? jsonOf(response).catch(() => null)
    : Promise.resolve(null)

type Params = Record<string, string | number | boolean | undefined>
type SendOptions = {
  searchParams?: Params
  json?: unknown
  form?: FormData
  headers?: Record<string, string>
  timeout?: number
  /** show the loading layer while it runs (a long save); `doEdit` calls always do */
  overlay?: boolean
  /** cancels the call, its answer's body included */
  signal?: AbortSignal
}

/** The URL with its query string; undefined parameters are left out. */
function withQuery(url: string, params: Params = {}) {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.append(k, String(v))
  const s = q.toString()
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url
}

/** One attempt: fetch with the session token, the UI language and a time limit. */
async function attempt(method: string, url: string, o: SendOptions, token: string | undefined) {
  const headers = new Headers(o.headers)
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`)
  headers.set('lang', currentLocale())
  if (o.json !== undefined) headers.set('content-type', 'application/json')
  const body = o.form ?? (o.json === undefined ? undefined : JSON.stringify(o.json))
  const response = await fetchWithin(
    url,
    { method, headers, body, signal: o.signal },
    o.timeout ?? 15_000,
  )
  return { sentToken: headers.get('Authorization')?.replace(/^Bearer /, '') || undefined, response }
}

/**
 * A call of the contract: HTTP errors do not throw (the envelope says what happened). Code
 * 10001 refreshes the session once (single flight, refresh.ts) and repeats the call with the
 * new token; 10002, 401 and 403 go to the app's handler (SPEC §4/§8). Plain `fetch`: the
 * visitor's first load does without an HTTP library (the public first-load budget).
 */
async function send(method: string, url: string, o: SendOptions = {}): Promise<Response> {
  const hide = wantsOverlay(url, o.overlay) ? showOverlay() : undefined
  try {
    return await sendChecked(method, url, o)
  } finally {
    hide?.()
  }
}

type ServerHealth = typeof ServerHealthModule

/**
 * server-health.ts (the database banner's flag), loaded on the first 503: until one, the server
 * has never said its database is away, so the answers before it have nothing to tell it, and
 * start-up code does not carry it.
 */
let health: ServerHealth | undefined

/** Gives the answer to server-health.ts (a database fault raises the banner, a success lowers it). */
async function noteAnswer(response: Response) {
  if (response.status === 503 && !health) {
    health = await import('./server-health.ts')
    health.setServerRoot(apiBase)
  }
  health?.noteServerAnswer(
    response.status,
    response.status === 503 ? await jsonIfAny(response) : null,
  )
}

/** Every write sends an Idempotency-Key (write-outcome.ts); reads never do. */
const isWrite = (o: SendOptions) =>
  Object.keys(o.headers ?? {}).some((h) => h.toLowerCase() === 'idempotency-key')

async function sendChecked(method: string, url: string, o: SendOptions): Promise<Response> {
  const target = withQuery(url, o.searchParams)
  const first = await attempt(method, target, o, accessToken())
  let response = first.response
  let { code, msg } = await codeOf(response)
  if (code === Code.tokenExpired) {
    // the refresh code loads with the first expired token: a visitor never has one
    const { refreshSession } = await import('./refresh.ts')
    const result = await refreshSession(apiBase, first.sentToken)
    if (result !== 'refreshed') {
      if (result === 'signInAgain') onAuthFailure({ kind: 'signInAgain', message: msg ?? '' })
      return response
    }
    const headers = { ...o.headers, Authorization: `Bearer ${accessToken() ?? ''}` }
    response = (await attempt(method, target, { ...o, headers }, undefined)).response
    ;({ code, msg } = await codeOf(response))
  }
  await noteAnswer(response)
  if (code === Code.signInAgain) onAuthFailure({ kind: 'signInAgain', message: msg ?? '' })
  else if (response.status === 401) onAuthFailure({ kind: 'unauthorized' })
  // a refused write (it carries an Idempotency-Key) stays on its screen with the reason; a
  // refused page or read goes to /403 (SPEC §8)
  else if (response.status === 403 && !isWrite(o)) onAuthFailure({ kind: 'forbidden' })
  return response
}

/** Raw calls (an answer without the envelope, e.g. logout); prefer getCall/postCall. */
export const http = {
  get: (url: string, o?: SendOptions) => send('GET', url, o),
  post: (url: string, o?: SendOptions) => send('POST', url, o),
}

type Envelope = { code: number; msg: string; data: unknown; errors?: Record<string, string> }

/** A contract schema, full `zod` or `zod/mini` (the public site's): both parse with their own `parse`. */
type Schema = $ZodType & { parse: (data: unknown) => unknown }

/** The path of a call, without the query string (messages and the error log). */
const callPath = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\?.*$/, '')

async function unwrap<S extends Schema>(res: Response, schema: S): Promise<output<S>> {
  let body: Envelope
  try {
    body = (await jsonOf(res)) as Envelope
  } catch (e) {
    if (!(e instanceof NotJson)) throw e
    // no envelope: a proxy's error page (nginx 502 HTML), an empty answer (SPEC §8 default texts)
    throw new ApiError(res.status, statusText(res.status), undefined, callPath(res.url))
  }
  // a code may come as its text ('200', '0': SPEC §8)
  const code =
    body !== null && typeof body === 'object' && /^\d+$/.test(String(body.code).trim())
      ? Number(body.code)
      : undefined
  if (code === undefined) {
    throw new ApiError(
      res.status,
      statusText(res.ok ? 500 : res.status),
      undefined,
      callPath(res.url),
    )
  }
  if (!isSuccessCode(code)) {
    throw new ApiError(code, body.msg, body.errors, callPath(res.url), body.data)
  }
  return schema.parse({ ...body, code }) as output<S>
}

/** GET a call of the contract and parse its envelope with the call's schema. */
export async function getCall<S extends Schema>(path: string, schema: S, params: Params = {}) {
  return unwrap(await http.get(`${apiBase}/${path}`, { searchParams: params }), schema)
}

/** POST a JSON body to a call of the contract and parse its envelope. */
export async function postCall<S extends Schema>(
  path: string,
  schema: S,
  body: unknown,
  headers: Record<string, string> = {},
  /** SPEC §7 `doEdit`: a long save covers the page with the loading layer while it runs */
  overlay = false,
) {
  return unwrap(await http.post(`${apiBase}/${path}`, { json: body, headers, overlay }), schema)
}

/**
 * POST a call SPEC §7 lists without the project prefix (`/FormZhengao/SupplierForm/Add`): the
 * same server as `apiBase`, at its root (`/api` -> ``, `https://host/Nst/api` -> `https://host/Nst`).
 */
export async function postRootCall<S extends Schema>(
  path: string,
  schema: S,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return unwrap(
    await http.post(`${apiBase.replace(/\/[^/]*$/, '')}/${path}`, { json: body, headers }),
    schema,
  )
}

/** POST a multipart form (an upload) to a call of the contract and parse its envelope. */
export async function postFormCall<S extends Schema>(
  path: string,
  schema: S,
  form: FormData,
  timeout = 60_000,
  /** an upload that creates a record sends its Idempotency-Key */
  headers: Record<string, string> = {},
) {
  return unwrap(await http.post(`${apiBase}/${path}`, { form, timeout, headers }), schema)
}

/** GET a single item; resolves to null when the server says it does not exist (or the id is bad). */
export async function getItemCall<S extends Schema>(path: string, schema: S, params: Params) {
  try {
    return await getCall(path, schema, params)
  } catch (e) {
    if (e instanceof ApiError && (e.code === Code.notFound || e.code === Code.badRequest))
      return null
    throw e
  }
}

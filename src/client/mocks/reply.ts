import { HttpResponse } from 'msw'
import type { $ZodType, input } from 'zod/v4/core'
import { Code, httpStatusFor } from '#shared/contract/codes'
import { errorEnvelope } from '#shared/contract/envelope'

/** A contract schema, full `zod` or `zod/mini`: both parse with their own `parse`. */
type Schema = $ZodType & { parse: (data: unknown) => unknown }
type DataOf<S extends Schema> = input<S> extends { data: infer D } ? D : never

/**
 * A success answer parsed through the call's contract schema, the one the server answers with
 * and the client parses with: a fixture that drifts from the contract throws here (msw then
 * answers 500 and prints the zod error), so drift fails loudly in dev and in tests.
 */
export function ok<S extends Schema>(
  schema: S,
  data: DataOf<S>,
  msg = 'ok',
  code: number = Code.ok,
) {
  return HttpResponse.json(schema.parse({ code, msg, data }) as Record<string, unknown>)
}

/** A refused answer: the envelope with a safe message; HTTP status as the server sets it. */
export function fail(code: number, msg: string, errors?: Record<string, string>) {
  const body = errorEnvelope.parse({ code, msg, data: null, ...(errors ? { errors } : {}) })
  return HttpResponse.json(body, { status: httpStatusFor(code) })
}

/** The request body parsed with the call's contract schema; undefined when it does not match. */
export async function bodyOf<S extends Schema>(
  request: Request,
  schema: S,
): Promise<ReturnType<S['parse']> | undefined> {
  try {
    return schema.parse(await request.json()) as ReturnType<S['parse']>
  } catch {
    return undefined
  }
}

export type Lang = 'zh' | 'en'

/** The language of the request (`lang` header, as the client sends it); Chinese by default. */
export const langOf = (request: Request): Lang =>
  request.headers.get('lang') === 'en' ? 'en' : 'zh'

/** Bilingual text of a mock answer. */
export const say = (request: Request, zh: string, en: string) =>
  langOf(request) === 'en' ? en : zh

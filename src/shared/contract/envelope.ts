import { z } from 'zod'

/** The envelope every API answer uses (SPEC §7): `{code, msg, data}`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data })
}

/**
 * A refusal, a fault or a business failure: `data` is null. A named component of the published
 * contract (every operation's error statuses refer to it).
 */
export const errorEnvelope = z
  .object({
    code: z.number().int(),
    msg: z.string(),
    data: z.null(),
    /** field-level problems of a rejected input: field path -> message */
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ErrorEnvelope' })

/**
 * An answer that is either `schema` or the error envelope with HTTP 200: the calls whose
 * business failures (a wrong password, an expired ticket: code 500, 10002) travel with HTTP 200
 * (SPEC §8).
 */
export function orFailure<T extends z.core.SomeType>(schema: T) {
  return z.union([schema, errorEnvelope])
}

export type ErrorEnvelope = z.infer<typeof errorEnvelope>

/** Paged list of DESIGN §4: `data: {result, total}`. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ result: z.array(item), total: z.number().int().nonnegative() })
}

/** Paging request fields shared by list calls. */
export const pageQuery = z.object({
  pageIndex: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(99_999).default(20),
})

/** A boolean that also arrives as "true"/"false"/"1"/"0" in query strings and forms. */
export const looseBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
])

/** A success with nothing to return: `{code: 200, msg, data: null}`. */
export const emptyEnvelope = envelope(z.null())

/**
 * A route's file download answer (a response status's value in the route schema): the file's
 * content type and any bytes, as the published contract describes it.
 */
export function fileAnswer(contentType: string, description: string) {
  return {
    description,
    content: { [contentType]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
  }
}

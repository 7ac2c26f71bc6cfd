import { z } from 'zod'

/** The envelope every API answer uses (SPEC §7): `{code, msg, data}`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data })
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
  /** field-level problems of a rejected input: field path -> message */
  errors: z.record(z.string(), z.string()).optional(),
})

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

import * as z from 'zod/mini'

/**
 * `envelope`, `page` and `pageQuery` of envelope.ts, built with `zod/mini`: the same schemas
 * (same checks, same JSON Schema) in the tree-shakable form. Used by the contract of the public
 * website (content.ts), whose answers a visitor's first page load parses; the full `zod` API
 * weighs about 25 KB gzip there, these about 6 KB. Fastify validates both forms alike.
 */
export function envelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ code: z.int(), msg: z.string(), data })
}

/** Paged list of DESIGN §4: `data: {result, total}`. */
export function page<T extends z.ZodMiniType>(item: T) {
  return z.object({ result: z.array(item), total: z.int().check(z.nonnegative()) })
}

/** An integer query field: a string in a query string, a number in a JSON body. */
export const queryInt = () => z.coerce.number().check(z.int())

/** Paging request fields shared by list calls. */
export const pageQuery = z.object({
  pageIndex: z._default(queryInt().check(z.minimum(1), z.maximum(1_000_000)), 1),
  pageSize: z._default(queryInt().check(z.minimum(1), z.maximum(99_999)), 20),
})

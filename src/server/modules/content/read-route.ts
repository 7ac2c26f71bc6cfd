import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify'
import type { $ZodType, input, output } from 'zod/v4/core'

/** Full `zod` or `zod/mini` schemas (the public contract is written with the latter). */
type Options<Q extends $ZodType, R extends $ZodType> = {
  summary: string
  input: Q
  response: R
  handler: (input: output<Q>, req: FastifyRequest) => Promise<input<R>>
}

/**
 * A public read call: answers GET with the query string (cacheable by HTTP and the
 * service worker) and POST with a JSON or form body, both validated by the same schema.
 */
export function readRoute<Q extends $ZodType, R extends $ZodType>(
  app: FastifyInstance,
  url: string,
  o: Options<Q, R>,
) {
  const schema = { tags: ['content'], summary: o.summary, response: { 200: o.response } }
  const getSchema: FastifySchema = { ...schema, querystring: o.input }
  const postSchema: FastifySchema = { ...schema, body: o.input }
  app.route({
    method: 'GET',
    url,
    schema: getSchema,
    handler: async (req, reply) => {
      // no-cache: caches may keep a copy but revalidate every time, so a staff save shows on the next load
      void reply.header('Cache-Control', 'public, no-cache')
      void reply.header('Vary', 'Accept-Language, lang')
      return o.handler(req.query as output<Q>, req)
    },
  })
  app.route({
    method: 'POST',
    url,
    schema: postSchema,
    handler: async (req) => o.handler((req.body ?? {}) as output<Q>, req),
  })
}

import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify'
import type { z } from 'zod'

type Options<Q extends z.ZodType, R extends z.ZodType> = {
  summary: string
  input: Q
  response: R
  handler: (input: z.output<Q>, req: FastifyRequest) => Promise<z.input<R>>
}

/**
 * A public read call: answers GET with the query string (cacheable by HTTP and the
 * service worker) and POST with a JSON or form body, both validated by the same schema.
 */
export function readRoute<Q extends z.ZodType, R extends z.ZodType>(
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
      void reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=600')
      void reply.header('Vary', 'Accept-Language, lang')
      return o.handler(req.query as z.output<Q>, req)
    },
  })
  app.route({
    method: 'POST',
    url,
    schema: postSchema,
    handler: async (req) => o.handler((req.body ?? {}) as z.output<Q>, req),
  })
}

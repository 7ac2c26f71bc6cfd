import type { FastifyInstance } from 'fastify'
import swagger from '@fastify/swagger'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import type { Config } from '../config.ts'
import { livenessAnswers, withRefusals } from './openapi-answers.ts'

/**
 * Publishes the contract, generated from the zod schemas, at `{API_PREFIX}/openapi.json`: each
 * operation with its own answers and every refusal status it can give (openapi-answers.ts), and
 * the named schemas (`.meta({ id })`: the error envelope, the recursive menu item) as components.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Forgeline API',
        description:
          'Public website and staff back-office API. Every answer is an envelope `{code, msg, data}`; see docs/architecture.md for the codes. Refusals and faults answer `data: null` with the HTTP status of their code; business failures (code 500, 10001, 10002) travel with HTTP 200.',
        version: config.version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (doc) => {
      const out = jsonSchemaTransform(doc)
      const schema = (out.schema ?? {}) as { hide?: boolean; response?: Record<string, unknown> }
      if (schema.hide) return out
      // liveness answers 200, or 404 outside BASE_PATH: never a refusal or a fault (modules/health)
      if (doc.route.url === '/healthz')
        return { ...out, schema: { ...schema, response: livenessAnswers(schema.response) } }
      const signedIn = Boolean(doc.route.config?.permission)
      return { ...out, schema: { ...schema, response: withRefusals(schema.response, signedIn) } }
    },
    transformObject: jsonSchemaTransformObject,
  })
  app.get(`${config.apiPrefix}/openapi.json`, { schema: { hide: true } }, async () => app.swagger())
}

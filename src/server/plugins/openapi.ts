import type { FastifyInstance } from 'fastify'
import swagger from '@fastify/swagger'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { Config } from '../config.ts'

/** Publishes the contract, generated from the zod schemas, at `{API_PREFIX}/openapi.json`. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Forgeline API',
        description:
          'Public website and staff back-office API. Every answer is an envelope `{code, msg, data}`; see docs/architecture.md for the codes.',
        version: config.version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  app.get(`${config.apiPrefix}/openapi.json`, { schema: { hide: true } }, async () => app.swagger())
}

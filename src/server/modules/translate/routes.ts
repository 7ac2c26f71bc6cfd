import type { FastifyInstance } from 'fastify'
import { translateGeneralRoute } from './translate-general.ts'
import { translateStatusRoute } from './translate-status.ts'

/** Machine translation of content fields. */
export async function translateRoutes(app: FastifyInstance) {
  await app.register(translateGeneralRoute)
  await app.register(translateStatusRoute)
}

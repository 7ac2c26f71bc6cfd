import type { FastifyInstance } from 'fastify'
import { getColumnPrefsRoute } from './get-column-prefs.ts'
import { saveColumnPrefsRoute } from './save-column-prefs.ts'

/** Per-user grid column preferences, under `{API_PREFIX}`. */
export async function columnPrefsRoutes(app: FastifyInstance) {
  await app.register(getColumnPrefsRoute)
  await app.register(saveColumnPrefsRoute)
}

import type { FastifyInstance } from 'fastify'
import { loginRoute } from './login.ts'

/** Sign-in and session calls under `{API_PREFIX}`. */
export async function authRoutes(app: FastifyInstance) {
  await app.register(loginRoute)
}

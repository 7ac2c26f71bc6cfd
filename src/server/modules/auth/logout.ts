import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { doneResponse } from '#shared/contract/auth'
import { accessTokenOf } from '../../plugins/authenticate.ts'
import { findSessionByAccessToken, revokeFamily } from './session-repository.ts'

/** `GET /logout` (SPEC §7): revokes the session of the presented token server-side. */
export async function logoutRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/logout',
      { schema: { tags: ['auth'], summary: 'Sign out', response: { 200: doneResponse } } },
      async (req) => {
        const token = accessTokenOf(req)
        const s = token ? await findSessionByAccessToken(app.deps.db.db, token) : undefined
        if (s) {
          await revokeFamily(app.deps.db.db, s.familyId)
          // this device's push subscription goes with its sign-in
          await app.deps.db.db
            .deleteFrom('push_subscription')
            .where('family_id', '=', s.familyId)
            .execute()
        }
        return { code: Code.ok, msg: 'ok', data: null }
      },
    )
}

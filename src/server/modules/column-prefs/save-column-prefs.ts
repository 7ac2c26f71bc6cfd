import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { columnPrefsResponse, saveColumnPrefsBody } from '#shared/contract/column-prefs'

/**
 * `POST {API_PREFIX}/User/SaveColumnPrefs`: replaces the signed-in user's column prefs of one
 * grid (empty lists remove them). The row is always the caller's: the body names no user.
 */
export async function saveColumnPrefsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/User/SaveColumnPrefs',
    {
      config: { permission: 'signedIn' },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Save my column prefs of a grid',
        body: saveColumnPrefsBody,
        response: { 200: columnPrefsResponse },
      },
    },
    async (req) => {
      const { grid, order, hidden } = req.body
      const userId = req.user!.id
      const db = app.deps.db.db
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('column_prefs')
          .where('user_id', '=', userId)
          .where('grid', '=', grid)
          .execute()
        if (order.length > 0 || hidden.length > 0) {
          await trx
            .insertInto('column_prefs')
            .values({
              user_id: userId,
              grid,
              prefs: JSON.stringify({ order, hidden }),
              updated_at: new Date().toISOString(),
            })
            .execute()
        }
      })
      return {
        code: Code.ok,
        msg: 'ok',
        data: order.length > 0 || hidden.length > 0 ? { order, hidden } : null,
      }
    },
  )
}

import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { columnPrefs, columnPrefsQuery, columnPrefsResponse } from '#shared/contract/column-prefs'

/** `GET {API_PREFIX}/User/GetColumnPrefs?grid=`: the signed-in user's column prefs of a grid, or null. */
export async function getColumnPrefsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/User/GetColumnPrefs',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'My column prefs of a grid',
        querystring: columnPrefsQuery,
        response: { 200: columnPrefsResponse },
      },
    },
    async (req) => {
      const row = await app.deps.db.db
        .selectFrom('column_prefs')
        .select('prefs')
        .where('user_id', '=', req.user!.id)
        .where('grid', '=', req.query.grid)
        .executeTakeFirst()
      let data = null
      if (row) {
        try {
          // stored by SaveColumnPrefs after the same check; a row that no longer passes is "no prefs"
          const parsed = columnPrefs.safeParse(JSON.parse(row.prefs))
          data = parsed.success ? parsed.data : null
        } catch {
          data = null
        }
      }
      return { code: Code.ok, msg: 'ok', data }
    },
  )
}

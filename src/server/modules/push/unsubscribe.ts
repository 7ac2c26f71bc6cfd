import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { pushUnsubscribeBody, pushUnsubscribeResponse } from '#shared/contract/push-unsubscribe'

/** `POST {API_PREFIX}/Push/Unsubscribe`: forgets the caller's subscription of this endpoint. */
export async function pushUnsubscribeRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Push/Unsubscribe',
    {
      config: { permission: 'signedIn' },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['notices'],
        summary: 'Forget this device’s push subscription',
        body: pushUnsubscribeBody,
        response: { 200: pushUnsubscribeResponse },
      },
    },
    async (req) => {
      await app.deps.db.db
        .deleteFrom('push_subscription')
        .where('endpoint', '=', req.body.endpoint)
        .where('user_id', '=', req.user!.id)
        .execute()
      return { code: Code.ok, msg: 'ok', data: null }
    },
  )
}

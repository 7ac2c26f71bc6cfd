import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { pushSubscribeBody, pushSubscribeResponse } from '#shared/contract/push-subscribe'
import { AppError } from '../../errors.ts'
import { endpointAllowed } from '../../push-config.ts'

/** Subscriptions one user may hold (devices); the oldest go when a new one comes past this. */
export const maxSubscriptionsPerUser = 10

/**
 * `POST {API_PREFIX}/Push/Subscribe`: stores this device's subscription for the caller and their
 * sign-in (logout removes it). The endpoint must be on a push service of WEB_PUSH_HOSTS: the
 * server posts to it, so no other address is accepted.
 */
export async function pushSubscribeRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Push/Subscribe',
    {
      config: { permission: 'signedIn' },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['notices'],
        summary: 'Store this device’s push subscription',
        body: pushSubscribeBody,
        response: { 200: pushSubscribeResponse },
      },
    },
    async (req) => {
      const { config } = app.deps
      if (!config.push.enabled) throw new AppError(Code.badRequest, 'pushOff')
      const { endpoint, keys, lang } = req.body
      if (!endpointAllowed(endpoint, config.push))
        throw new AppError(Code.badRequest, 'pushEndpointRefused')
      const me = req.user!
      const row = {
        user_id: me.id,
        family_id: me.familyId,
        endpoint,
        p256dh: keys.p256dh.replace(/=+$/, ''),
        auth: keys.auth.replace(/=+$/, ''),
        lang,
        created_at: new Date().toISOString(),
      }
      await app.deps.db.db.transaction().execute(async (trx) => {
        // the same device signed in as someone else, or with new keys: one row per endpoint
        await trx.deleteFrom('push_subscription').where('endpoint', '=', endpoint).execute()
        await trx.insertInto('push_subscription').values(row).execute()
        const extra = await trx
          .selectFrom('push_subscription')
          .select('id')
          .where('user_id', '=', me.id)
          .orderBy('id', 'desc')
          .offset(maxSubscriptionsPerUser)
          .limit(1000)
          .execute()
        if (extra.length > 0)
          await trx
            .deleteFrom('push_subscription')
            .where(
              'id',
              'in',
              extra.map((e) => e.id),
            )
            .execute()
      })
      return { code: Code.ok, msg: 'ok', data: null }
    },
  )
}

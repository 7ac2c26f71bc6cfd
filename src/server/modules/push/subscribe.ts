import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { pushSubscribeBody, pushSubscribeResponse } from '#shared/contract/push-subscribe'
import { AppError } from '../../errors.ts'
import { endpointAllowed } from '../../push-config.ts'
import { hasLiveSession } from './live-subscriptions.ts'

/** Subscriptions one user may hold (devices); the oldest go when a new one comes past this. */
export const maxSubscriptionsPerUser = 10

/**
 * `POST {API_PREFIX}/Push/Subscribe`: stores this device's subscription for the caller and their
 * session (it ends with the sign-in: migration 0028). The endpoint must be on a push service of
 * WEB_PUSH_HOSTS, over https on port 443: the server posts to it, so no other address is accepted.
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
        session_id: me.sessionId,
        endpoint,
        p256dh: keys.p256dh.replace(/=+$/, ''),
        auth: keys.auth.replace(/=+$/, ''),
        lang,
        created_at: new Date().toISOString(),
      }
      await app.deps.db.db.transaction().execute(async (trx) => {
        // one row per endpoint. Another account's row with a live sign-in is never moved or
        // deleted (knowing someone's endpoint must not take their notices over); a row whose
        // sign-in has ended is no one's any more, and the caller's own row (another of their
        // sign-ins, or new keys) is replaced
        const rows = await trx
          .selectFrom('push_subscription as p')
          .select(['p.id', 'p.user_id as userId', hasLiveSession(Date.now(), config).as('live')])
          .where('p.endpoint', '=', endpoint)
          .execute()
        if (rows.some((r) => r.userId !== me.id && Boolean(r.live)))
          throw new AppError(Code.badRequest, 'pushEndpointTaken')
        if (rows.length > 0)
          await trx
            .deleteFrom('push_subscription')
            .where(
              'id',
              'in',
              rows.map((r) => r.id),
            )
            .execute()
        await trx.insertInto('push_subscription').values(row).execute()
        // the cap counts this user's devices only
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

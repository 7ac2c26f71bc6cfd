import type { FastifyInstance } from 'fastify'
import { rootPlugin } from '../../plugins/root-plugin.ts'
import { pushPublicKeyRoute } from './get-push-public-key.ts'
import { createPushSender, type PushSender } from './push-sender.ts'
import { pushSubscribeRoute } from './subscribe.ts'
import { pushUnsubscribeRoute } from './unsubscribe.ts'
import { loadVapidKeys } from './vapid-keys.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push of new notices; `enqueue` does nothing with WEB_PUSH=off. */
    push: PushSender
  }
}

const off: PushSender = { enqueue() {}, idle: async () => {}, close: async () => {} }

/**
 * Web Push (docs/push.md): the VAPID keys (made once, kept like the RSA pair), the
 * sender `app.push` that the realtime publish feeds, and `Push/PublicKey`, `Push/Subscribe`,
 * `Push/Unsubscribe` under `prefix`. Runs in the registering (root) instance; register before
 * `realtimeRoutes`, whose publish feeds it.
 */
export const pushRoutes = rootPlugin(
  async (app: FastifyInstance, { prefix }: { prefix?: string }) => {
    const { config, db } = app.deps
    const keys = config.push.enabled ? await loadVapidKeys(db, config.dataDir) : null
    const sender = keys
      ? createPushSender({
          db,
          config: config.push,
          keys,
          basePath: config.basePath,
          log: app.log,
          lifetime: config,
        })
      : off
    app.decorate('push', sender)
    app.addHook('onClose', () => sender.close())
    await app.register(
      async (api) => {
        await api.register(pushPublicKeyRoute(keys?.publicKey ?? null))
        await api.register(pushSubscribeRoute)
        await api.register(pushUnsubscribeRoute)
      },
      { prefix },
    )
  },
)

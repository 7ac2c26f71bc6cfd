import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { pushPublicKeyResponse } from '#shared/contract/push-public-key'

/** `GET {API_PREFIX}/Push/PublicKey`: the VAPID public key, '' with `enabled: false` when WEB_PUSH=off. */
export function pushPublicKeyRoute(publicKey: string | null) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/Push/PublicKey',
      {
        config: { permission: 'signedIn' },
        schema: {
          tags: ['notices'],
          summary: 'VAPID public key for Web Push',
          response: { 200: pushPublicKeyResponse },
        },
      },
      async () => ({
        code: Code.ok,
        msg: 'ok',
        data: { enabled: publicKey !== null, publicKey: publicKey ?? '' },
      }),
    )
  }
}

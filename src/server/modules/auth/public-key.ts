import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { publicKeyResponse } from '#shared/contract/auth'
import type { RsaKeys } from './rsa-keys.ts'

/** `GET /publicKey` (SPEC §7): the RSA public key for encrypted sign-in; never mock mode here. */
export function publicKeyRoute(rsa: RsaKeys) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/publicKey',
      {
        schema: {
          tags: ['auth'],
          summary: 'RSA public key for encrypted sign-in',
          response: { 200: publicKeyResponse },
        },
      },
      async () => ({
        code: Code.ok,
        msg: 'ok',
        data: { publicKey: rsa.publicKeyPem, mockServer: false },
      }),
    )
  }
}

import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { signUpOptionsResponse } from '#shared/contract/phone-auth'

/** `GET {API_PREFIX}/User/SignUpOptions`: whether the sign-in page offers sign-up (REGISTRATION). */
export async function signUpOptionsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/User/SignUpOptions',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether self-registration is open',
        response: { 200: signUpOptionsResponse },
      },
    },
    async () => ({
      code: Code.ok,
      msg: 'ok',
      data: { registration: app.deps.config.registration },
    }),
  )
}

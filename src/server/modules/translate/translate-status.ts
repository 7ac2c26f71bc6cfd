import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { translateStatusResponse } from '#shared/contract/translate'

/** `GET|POST {API_PREFIX}/CommonData/TranslateStatus` (signed in): whether the translate action is shown. */
export async function translateStatusRoute(app: FastifyInstance) {
  const handler = async () => ({
    code: Code.ok,
    msg: 'ok',
    data: { enabled: app.deps.config.translate !== null },
  })
  const options = {
    config: { permission: 'signedIn' as const },
    schema: {
      tags: ['content-admin'],
      summary: 'Is translation configured',
      response: { 200: translateStatusResponse },
    },
  }
  app.withTypeProvider<ZodTypeProvider>().get('/CommonData/TranslateStatus', options, handler)
  app.withTypeProvider<ZodTypeProvider>().post('/CommonData/TranslateStatus', options, handler)
}

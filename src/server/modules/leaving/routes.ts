import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { postFrontCommonBody, postFrontCommonResponse } from '#shared/contract/leaving'
import { requestLang, t } from '../../i18n.ts'
import { leavingListRoute } from './list.ts'
import { insertLeaving } from './repository.ts'

/** Visitor operations: `PostData/PostFrontCommon` (leave a message), rate-limited per client. */
export async function leavingRoutes(app: FastifyInstance) {
  await app.register(leavingListRoute)
  app.withTypeProvider<ZodTypeProvider>().post(
    '/PostData/PostFrontCommon',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['content'],
        summary: 'A visitor leaves a message (postUrl LeaveMessage)',
        body: postFrontCommonBody,
        response: { 200: postFrontCommonResponse },
      },
    },
    async (req) => {
      const id = await insertLeaving(app.deps.db.db, req.body.postData, req.ip)
      return { code: Code.ok, msg: t('savedMessage', requestLang(req)), data: { Id: id } }
    },
  )
}

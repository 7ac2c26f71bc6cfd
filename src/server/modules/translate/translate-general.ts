import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { translateBody, translateResponse } from '#shared/contract/translate'
import { AppError } from '../../errors.ts'
import { contentScreens } from '#shared/staff-screens'
import { contentPermission } from '../../permissions.ts'
import { libreTranslate } from './libre-translate.ts'

/**
 * `POST {API_PREFIX}/CommonData/TranslateGeneral` (CONTENT): fills an English field from its
 * Chinese text through TRANSLATE_URL. Unset: code 500 "translation not configured".
 */
export async function translateGeneralRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/CommonData/TranslateGeneral',
    {
      config: {
        permission: contentPermission,
        menu: contentScreens,
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['content-admin'],
        summary: 'Translate a text (zh -> en by default)',
        body: translateBody,
        response: { 200: translateResponse },
      },
    },
    async (req) => {
      const settings = app.deps.config.translate
      if (!settings) throw new AppError(Code.failed, 'translateNotConfigured')
      const { text, source, target } = req.body
      if (text.trim() === '' || source === target)
        return { code: Code.ok, msg: 'ok', data: { text } }
      const translated = await libreTranslate(settings, text, source, target)
      if (translated === undefined) throw new AppError(Code.failed, 'translateFailed')
      return { code: Code.ok, msg: 'ok', data: { text: translated } }
    },
  )
}

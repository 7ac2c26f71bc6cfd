import { z } from 'zod'
import { envelope } from './envelope.ts'

/** `POST {API_PREFIX}/CommonData/TranslateGeneral` (CONTENT): zh -> en by default. */
export const translateBody = z.object({
  text: z.string().max(5000),
  source: z.enum(['zh', 'en']).default('zh'),
  target: z.enum(['zh', 'en']).default('en'),
})
export const translateResponse = envelope(z.object({ text: z.string() }))

/** `GET|POST {API_PREFIX}/CommonData/TranslateStatus` (signed in): hide the translate action when false. */
export const translateStatusResponse = envelope(z.object({ enabled: z.boolean() }))

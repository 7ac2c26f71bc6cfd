import { z } from 'zod'
import { envelope } from './envelope.ts'

/**
 * `POST {API_PREFIX}/Push/Unsubscribe`: forgets this device's subscription (the
 * caller's own only). Answers ok also when it was not stored.
 */
export const pushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2000) })
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBody>

export const pushUnsubscribeResponse = envelope(z.null())

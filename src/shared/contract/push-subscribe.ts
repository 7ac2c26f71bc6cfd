import { z } from 'zod'
import { envelope } from './envelope.ts'

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)

/**
 * `POST {API_PREFIX}/Push/Subscribe`: stores this device's push subscription for the
 * signed-in user (`PushSubscription.toJSON()` plus the UI language of the pushed texts). Sent
 * again with the same endpoint it replaces the stored one (another user, keys or language).
 */
export const pushSubscribeBody = z
  .object({
    endpoint: z.string().min(10).max(2000).startsWith('http'),
    keys: z.object({
      // the browser's uncompressed P-256 public key (65 bytes) and its 16-byte auth secret
      p256dh: base64url(86, 90),
      auth: base64url(22, 24),
    }),
    lang: z.enum(['zh', 'en']),
  })
  .strip()
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>

export const pushSubscribeResponse = envelope(z.null())

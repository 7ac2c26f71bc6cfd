import { z } from 'zod'
import { envelope } from './envelope.ts'

/**
 * `GET {API_PREFIX}/Push/PublicKey` (docs/push.md): the server's VAPID public key
 * (base64url, 65 bytes uncompressed P-256), the `applicationServerKey` of a browser push
 * subscription. `enabled` false (WEB_PUSH=off): push is off on this server, `publicKey` is ''.
 */
export const pushPublicKeyResponse = envelope(
  z.object({ enabled: z.boolean(), publicKey: z.string() }),
)
export type PushPublicKey = z.infer<typeof pushPublicKeyResponse>['data']

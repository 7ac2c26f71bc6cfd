import { pushPublicKeyResponse } from '#shared/contract/push-public-key'
import { getCall } from '#client/lib/http'

/** `GET Push/PublicKey`: the server's VAPID key, or `enabled: false` when push is off there. */
export async function getPushPublicKey() {
  return (await getCall('Push/PublicKey', pushPublicKeyResponse)).data
}

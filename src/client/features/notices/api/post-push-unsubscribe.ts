import { pushUnsubscribeResponse } from '#shared/contract/push-unsubscribe'
import { postCall } from '#client/lib/http'

/** `POST Push/Unsubscribe`: the server forgets this device's subscription. */
export async function postPushUnsubscribe(endpoint: string) {
  await postCall('Push/Unsubscribe', pushUnsubscribeResponse, { endpoint })
}

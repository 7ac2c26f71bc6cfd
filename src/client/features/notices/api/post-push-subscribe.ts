import { pushSubscribeResponse, type PushSubscribeBody } from '#shared/contract/push-subscribe'
import { postCall } from '#client/lib/http'

/** `POST Push/Subscribe`: this device's subscription, for the signed-in user, in the UI language. */
export async function postPushSubscribe(body: PushSubscribeBody) {
  await postCall('Push/Subscribe', pushSubscribeResponse, body)
}

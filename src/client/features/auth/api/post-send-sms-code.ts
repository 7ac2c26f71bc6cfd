import { sendSmsCodeResponse, type SmsPurpose } from '#shared/contract/phone-auth'
import { postCall } from '#client/lib/http'

/** `User/SendSmsCode`: a code to the number; answers how long until another may be asked for. */
export async function postSendSmsCode(mobile: string, purpose: SmsPurpose) {
  return (await postCall('User/SendSmsCode', sendSmsCodeResponse, { mobile, purpose })).data
}

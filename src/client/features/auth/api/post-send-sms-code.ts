import { sendSmsCodeResponse, type SmsPurpose } from '#shared/contract/phone-auth'
import { postCall } from '#client/lib/http'

/**
 * `User/SendSmsCode` (sign-in, sign-up) or, for a new number of my profile, the signed-in
 * `User/SendMobileChangeCode`: a code to the number; answers how long until another may be asked for.
 */
export async function postSendSmsCode(mobile: string, purpose: SmsPurpose) {
  if (purpose === 'changeMobile')
    return (await postCall('User/SendMobileChangeCode', sendSmsCodeResponse, { mobile })).data
  return (await postCall('User/SendSmsCode', sendSmsCodeResponse, { mobile, purpose })).data
}

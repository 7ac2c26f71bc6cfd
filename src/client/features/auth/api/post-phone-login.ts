import { loginResponse } from '#shared/contract/sign-in'
import { postCall } from '#client/lib/http'

/** `User/PhoneLogin`: a mobile number and its code for a token pair (SPEC §5: a Token or it failed). */
export async function postPhoneLogin(v: { mobile: string; code: string }) {
  return (await postCall('User/PhoneLogin', loginResponse, v)).data
}

import { loginResponse } from '#shared/contract/sign-in'
import { postCall } from '#client/lib/http'
import { socialLoginChecked } from './social-login-checked.ts'

/** `User/ChooseWxLogin`: sign in as one of several accounts bound to the WeChat identity. */
export async function postChooseWxLogin(ticket: string, loginName: string) {
  return (
    await socialLoginChecked(postCall('User/ChooseWxLogin', loginResponse, { ticket, loginName }))
  ).data
}

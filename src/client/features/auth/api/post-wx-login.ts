import { wxLoginResponse } from '#shared/contract/wechat'
import { postCall } from '#client/lib/http'
import { socialLoginChecked } from './social-login-checked.ts'

/** `User/WxLogin`: the provider's code for the SPEC §4 outcome; accounts must carry their Token (SPEC §5). */
export async function postWxLogin(code: string) {
  return (await socialLoginChecked(postCall('User/WxLogin', wxLoginResponse, { code }))).data
}

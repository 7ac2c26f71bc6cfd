import { wxLoginResponse } from '#shared/contract/wechat'
import { postCall } from '#client/lib/http'

/** `User/WxLogin`: the provider's code for the SPEC §4 outcome. */
export async function postWxLogin(code: string) {
  return (await postCall('User/WxLogin', wxLoginResponse, { code })).data
}

import { loginResponse } from '#shared/contract/sign-in'
import { postCall } from '#client/lib/http'

/** `User/WxBind`: bind the WeChat identity to an account (its password) and sign in. */
export async function postWxBind(ticket: string, username: string, password: string) {
  return (await postCall('User/WxBind', loginResponse, { ticket, username, password })).data
}

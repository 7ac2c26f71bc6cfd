import { wxAuthorizeResponse } from '#shared/contract/wechat'
import { getCall } from '#client/lib/http'

/** `User/WxAuthorizeUrl`: the provider page; fails with "not configured" when WeChat is off. */
export async function getWxAuthorizeUrl(redirectUri: string, state: string) {
  return (await getCall('User/WxAuthorizeUrl', wxAuthorizeResponse, { redirectUri, state })).data
    .url
}

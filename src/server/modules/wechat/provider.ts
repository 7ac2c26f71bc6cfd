import type { Config } from '../../config.ts'
import type { WechatIdentity } from './identity.ts'
import { standInExchange } from './stand-in.ts'

/**
 * Exchanges the provider's code for the identity: the stand-in in process, or the
 * configured token URL (`appid, secret, code, grant_type=authorization_code`).
 * Resolves to null for a refused code or an unreachable provider.
 */
export async function exchangeCode(
  wechat: NonNullable<Config['wechat']>,
  code: string,
): Promise<WechatIdentity | null> {
  if (wechat.standIn) return standInExchange(code)
  const url = new URL(wechat.tokenUrl)
  url.search = new URLSearchParams({
    appid: wechat.appId,
    secret: wechat.appSecret,
    code,
    grant_type: 'authorization_code',
  }).toString()
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(8000) })
    const body = (await res.json()) as { openid?: unknown; nickname?: unknown }
    return typeof body.openid === 'string' && body.openid
      ? { openId: body.openid, nickName: typeof body.nickname === 'string' ? body.nickname : '' }
      : null
  } catch {
    return null
  }
}

/** The provider page the browser is sent to. */
export function authorizeUrl(
  wechat: NonNullable<Config['wechat']>,
  redirectUri: string,
  state: string,
): string {
  const params = new URLSearchParams({
    appid: wechat.appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_login',
    state,
  })
  return `${wechat.authorizeUrl}?${params.toString()}#wechat_redirect`
}

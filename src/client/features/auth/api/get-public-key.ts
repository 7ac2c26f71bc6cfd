import { publicKeyResponse } from '#shared/contract/auth'
import { getCall } from '#client/lib/http'

/** `GET /publicKey`: the RSA key for encrypted sign-in; null in mock mode or when none is offered. */
export async function getPublicKey(): Promise<string | null> {
  try {
    const { data } = await getCall('publicKey', publicKeyResponse)
    return data.mockServer || !data.publicKey ? null : data.publicKey
  } catch {
    return null
  }
}

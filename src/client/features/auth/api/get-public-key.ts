import { publicKeyResponse } from '#shared/contract/sign-in'
import { getCall } from '#client/lib/http'

/** No RSA key for sign-in: the password is never sent in plain text instead. */
export class PublicKeyUnavailableError extends Error {
  constructor() {
    super('public key unavailable')
    this.name = 'PublicKeyUnavailableError'
  }
}

/**
 * `GET /publicKey`: the RSA key for encrypted sign-in. Null only in mock mode (the server says
 * `mockServer`, or the client is the `npm run dev:mock` build): credentials go as they are.
 * Anything else without a key (unreachable, bad answer, empty key) throws
 * PublicKeyUnavailableError, so sign-in stops rather than send the password in plain text.
 */
export async function getPublicKey(): Promise<string | null> {
  let data: { publicKey: string; mockServer: boolean }
  try {
    ;({ data } = await getCall('publicKey', publicKeyResponse))
  } catch {
    if (import.meta.env.MODE === 'mock') return null
    throw new PublicKeyUnavailableError()
  }
  if (data.mockServer) return null
  if (!data.publicKey) throw new PublicKeyUnavailableError()
  return data.publicKey
}

import { loginResponse } from '#shared/contract/sign-in'
import { postCall } from '#client/lib/http'
import { encryptPayload } from '../rsa.ts'
import { getPublicKey } from './get-public-key.ts'

/**
 * `User/Login`: credentials RSA-encrypted (SPEC §7); in plain text only in mock mode. Throws
 * PublicKeyUnavailableError when the key cannot be had. Succeeds only when the answer carries a
 * Token (SPEC §5).
 */
export async function postLogin(credentials: { username: string; password: string }) {
  const key = await getPublicKey()
  const body = key ? { param: await encryptPayload(key, credentials) } : credentials
  return (await postCall('User/Login', loginResponse, body)).data
}

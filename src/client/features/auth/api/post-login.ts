import { useMutation } from '@tanstack/react-query'
import { loginResponse } from '#shared/contract/auth'
import { postCall } from '#client/lib/http'

/** `User/Login`: succeeds only when the answer carries a Token (SPEC §5). */
export async function postLogin(credentials: { username: string; password: string }) {
  const body = await postCall('User/Login', loginResponse, credentials)
  return body.data
}

export const useLogin = () => useMutation({ mutationFn: postLogin })

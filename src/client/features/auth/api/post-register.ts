import { useMutation } from '@tanstack/react-query'
import { doneResponse } from '#shared/contract/auth'
import { postRootCall } from '#client/lib/http'

export type RegisterInput = { username: string; password: string; mobile: string; code: string }

/** `POST /register` (SPEC §7, no prefix): an account without a role; `msg` says what happens next. */
export async function postRegister(v: RegisterInput) {
  return (await postRootCall('register', doneResponse, v)).msg
}

export const useRegister = () => useMutation({ mutationFn: postRegister })

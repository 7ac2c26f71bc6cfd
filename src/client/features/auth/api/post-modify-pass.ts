import { useMutation, useQueryClient } from '@tanstack/react-query'
import { doneResponse, type UserInfo } from '#shared/contract/auth'
import { postCall } from '#client/lib/http'
import { idempotencyHeader, keyOfSubmit } from '#client/lib/idempotency-key'
import { userInfoQueryOptions } from './get-user-info.ts'

export type ModifyPassInput = { oldPass: string; newPass: string }

/** `User/ModifyMyPass`: success is code 10000; `msg` says the password was changed. */
export async function postModifyPass(input: ModifyPassInput) {
  const { oldPass, newPass } = input
  // one key per submit, the same on each retry (write-outcome.ts)
  return postCall(
    'User/ModifyMyPass',
    doneResponse,
    { oldPass, newPass },
    idempotencyHeader(keyOfSubmit(input)),
  )
}

/** Changes the signed-in user's password; afterwards the "must change" flag is cleared in the cache. */
export function useModifyPass() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['auth', 'modify-pass'],
    mutationFn: postModifyPass,
    onSuccess: () => {
      queryClient.setQueryData(userInfoQueryOptions().queryKey, (me: UserInfo | undefined) =>
        me ? { ...me, MustChangePassword: false } : me,
      )
    },
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { doneResponse, type MyProfile, type UserInfo } from '#shared/contract/auth'
import { postCall } from '#client/lib/http'
import { userInfoQueryOptions } from './get-user-info.ts'

/** `User/ModifyMyInfo`: the signed-in user's own name, nickname, mobile, e-mail and avatar (code 10000). */
export async function postModifyMyInfo(profile: MyProfile) {
  return postCall('User/ModifyMyInfo', doneResponse, profile)
}

/** Saves my profile; the cached user info (header name and avatar) follows at once. */
export function useModifyMyInfo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['auth', 'modify-my-info'],
    mutationFn: postModifyMyInfo,
    onSuccess: (_res, p) => {
      queryClient.setQueryData(userInfoQueryOptions().queryKey, (me: UserInfo | undefined) =>
        me ? { ...me, RealName: p.RealName.trim(), NickName: p.NickName?.trim(), Mobile: p.Mobile?.trim(), Email: p.Email?.trim(), Avatar: p.Avatar ?? '' } : me,
      )
      void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey })
    },
  })
}

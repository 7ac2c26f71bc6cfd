import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MyProfile, UserInfo } from '#shared/contract/auth'
import { postCommonResponse } from '#shared/contract/post-common'
import { ApiError, postCall } from '#client/lib/http'
import { idempotencyHeader, keyOfSubmit } from '#client/lib/idempotency-key'
import { userInfoQueryOptions } from './get-user-info.ts'

const recordPrefix = 'postData.updateRecords.0.'

/** PostCommon `SaveMyProfile`: the signed-in user's own name, nickname, mobile, e-mail and avatar. */
export async function postSaveMyProfile(profile: MyProfile) {
  try {
    return await postCall(
      'PostData/PostCommon',
      postCommonResponse,
      { postUrl: 'SaveMyProfile', postData: { updateRecords: [profile] } },
      idempotencyHeader(keyOfSubmit(profile)),
    )
  } catch (e) {
    // field errors come as `postData.updateRecords.0.RealName`: the form knows them as `RealName`
    if (!(e instanceof ApiError) || !e.fieldErrors) throw e
    const fields = Object.entries(e.fieldErrors).map(([k, v]) => [
      k.startsWith(recordPrefix) ? k.slice(recordPrefix.length) : k,
      v,
    ])
    throw new ApiError(e.code, e.message, Object.fromEntries(fields))
  }
}

/** Saves my profile; the cached user info (header name and avatar) follows at once. */
export function useSaveMyProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['auth', 'save-my-profile'],
    mutationFn: postSaveMyProfile,
    onSuccess: (_res, p) => {
      queryClient.setQueryData(userInfoQueryOptions().queryKey, (me: UserInfo | undefined) =>
        me
          ? {
              ...me,
              RealName: p.RealName.trim(),
              NickName: p.NickName?.trim(),
              Mobile: p.Mobile?.trim(),
              Email: p.Email?.trim(),
              Avatar: p.Avatar ?? '',
            }
          : me,
      )
      void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey })
    },
  })
}

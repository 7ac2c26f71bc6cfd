import { useMutation, useQueryClient } from '@tanstack/react-query'
import { wxUnbindResponse } from '#shared/contract/wechat'
import { postCall } from '#client/lib/http'
import { wxBindingsQueryOptions } from './get-wx-bindings.ts'

/** `User/WxUnbind`: that WeChat identity no longer signs in as me. */
export async function postWxUnbind(wechatUserId: number) {
  return (await postCall('User/WxUnbind', wxUnbindResponse, { WechatUserId: wechatUserId })).data
}

export function useWxUnbind() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['auth', 'wx-unbind'],
    mutationFn: postWxUnbind,
    onSettled: () => queryClient.invalidateQueries({ queryKey: wxBindingsQueryOptions().queryKey }),
  })
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { myWxBindingsResponse } from '#shared/contract/wechat'
import { getCall } from '#client/lib/http'

/** `User/WxBindings`: the WeChat identities that can sign in as me. */
export async function getWxBindings() {
  return (await getCall('User/WxBindings', myWxBindingsResponse)).data
}

export const wxBindingsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'wx-bindings'], queryFn: getWxBindings, staleTime: 0 })

export const useWxBindings = () => useQuery(wxBindingsQueryOptions())

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { wechatUserListResponse } from '#shared/contract/wechat-admin'
import { postCall } from '#client/lib/http'

export const wechatUsersKey = ['content', 'wechat-users'] as const

export type WechatUserFilters = {
  pageIndex: number
  pageSize: number
  keyword?: string
  ban?: boolean
}

/** `POST WechatUser/GetAdminList`: WeChat identities with their bound accounts, newest first. */
export async function getWechatUsers(f: WechatUserFilters) {
  return (await postCall('WechatUser/GetAdminList', wechatUserListResponse, f)).data
}

export const wechatUsersQueryOptions = (f: WechatUserFilters) =>
  queryOptions({
    queryKey: [...wechatUsersKey, f],
    queryFn: () => getWechatUsers(f),
    placeholderData: keepPreviousData,
  })

export const useWechatUsers = (f: WechatUserFilters) => useQuery(wechatUsersQueryOptions(f))

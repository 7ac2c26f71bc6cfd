import { queryOptions, useQuery } from '@tanstack/react-query'
import { countOnlyResponse } from '#shared/contract/counts'
import { postCall } from '#client/lib/http'

/** `Leaving/GetList {handled:false, pageSize:1}`: how many visitor messages wait to be handled. */
export async function getNewVisitorMessages() {
  const { data } = await postCall('Leaving/GetList', countOnlyResponse, {
    handled: false,
    pageIndex: 1,
    pageSize: 1,
  })
  return data.total
}

export const newVisitorMessagesQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'new-visitor-messages'],
    queryFn: getNewVisitorMessages,
    staleTime: 60_000,
  })

/** Only asked when the user may read visitor messages: the endpoint answers 403 otherwise. */
export const useNewVisitorMessages = (enabled: boolean) =>
  useQuery({ ...newVisitorMessagesQueryOptions(), enabled })

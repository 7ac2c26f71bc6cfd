import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { logListResponse, type LogFilter } from '#shared/contract/system-log'
import { postCall } from '#client/lib/http'

export type LogQuery = LogFilter & { pageIndex: number; pageSize: number }

/** `POST Log/GetList`: a page of the operation and security log, newest first. */
export async function getLogs(q: LogQuery) {
  return (await postCall('Log/GetList', logListResponse, q)).data
}

export const logsQueryOptions = (q: LogQuery) =>
  queryOptions({
    queryKey: ['system', 'logs', q],
    queryFn: () => getLogs(q),
    placeholderData: keepPreviousData,
  })

export const useLogs = (q: LogQuery) => useQuery(logsQueryOptions(q))

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { historyListResponse, type HistoryRecordType } from '#shared/contract/history'
import { postCall } from '#client/lib/http'

const pageSize = 20

/** `POST History/GetList`: one page of a record's history, newest first. */
export async function getRecordHistory(
  recordType: HistoryRecordType,
  recordId: number | string,
  before?: number,
) {
  return (
    await postCall('History/GetList', historyListResponse, {
      recordType,
      recordId,
      pageSize,
      ...(before ? { before } : {}),
    })
  ).data
}

export const recordHistoryQueryOptions = (
  recordType: HistoryRecordType,
  recordId: number | string,
) =>
  infiniteQueryOptions({
    queryKey: ['history', recordType, recordId],
    queryFn: ({ pageParam }) => getRecordHistory(recordType, recordId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.more ? last.result.at(-1)?.Id : undefined),
    staleTime: 0,
  })

export const useRecordHistory = (recordType: HistoryRecordType, recordId: number | string) =>
  useInfiniteQuery(recordHistoryQueryOptions(recordType, recordId))

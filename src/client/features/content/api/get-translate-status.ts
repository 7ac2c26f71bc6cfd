import { queryOptions, useQuery } from '@tanstack/react-query'
import { translateStatusResponse } from '#shared/contract/translate'
import { postCall } from '#client/lib/http'

/** `POST CommonData/TranslateStatus`: whether the server can translate (TRANSLATE_URL set). */
export async function getTranslateStatus() {
  return (await postCall('CommonData/TranslateStatus', translateStatusResponse, {})).data.enabled
}

export const translateStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'translate-status'],
    queryFn: getTranslateStatus,
    staleTime: 10 * 60_000,
  })

export const useTranslateStatus = () => useQuery(translateStatusQueryOptions())

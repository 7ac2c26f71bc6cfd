import { queryOptions, useQuery } from '@tanstack/react-query'
import { aboutResponse } from '#shared/contract/content'
import { postCall } from '#client/lib/http'

export const adminAboutKey = ['content', 'about'] as const

/** The company profile as stored (`Content/About`, POST so no cache keeps an old copy). */
export async function getAdminAbout() {
  return (await postCall('Content/About', aboutResponse, {})).data
}

export const adminAboutQueryOptions = () =>
  queryOptions({ queryKey: adminAboutKey, queryFn: getAdminAbout })

export const useAdminAbout = () => useQuery(adminAboutQueryOptions())

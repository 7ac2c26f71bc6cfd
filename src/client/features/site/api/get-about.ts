import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { getCall } from '#client/lib/http'

/** The company profile. */
export async function getAbout() {
  const { aboutResponse } = await siteSchemas()
  return (await getCall('Content/About', aboutResponse)).data
}

export const aboutQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'about'], queryFn: getAbout })

export const useAbout = () => useSuspenseQuery(aboutQueryOptions())

import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { siteSchemas } from './site-contract.ts'
import { getCall } from '#client/lib/http'

/** The contact information behind the footer and the contact page. */
export async function getContact() {
  const { contactResponse } = await siteSchemas()
  return (await getCall('Content/Contact', contactResponse)).data
}

export const contactQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'contact'], queryFn: getContact, staleTime: 5 * 60_000 })

export const useContact = () => useSuspenseQuery(contactQueryOptions())

import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { contactResponse } from '#shared/contract/content'
import { getCall } from '#client/lib/http'

/** The contact information behind the footer and the contact page. */
export async function getContact() {
  return (await getCall('Content/Contact', contactResponse)).data
}

export const contactQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'contact'], queryFn: getContact, staleTime: 5 * 60_000 })

export const useContact = () => useSuspenseQuery(contactQueryOptions())

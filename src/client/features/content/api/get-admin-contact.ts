import { queryOptions, useQuery } from '@tanstack/react-query'
import { adminContactResponse } from '#shared/contract/site-admin'
import { postCall } from '#client/lib/http'

export const adminContactKey = ['content', 'contact'] as const

/** `POST Contact/GetAdmin`: the single contact record with both QR slots. */
export async function getAdminContact() {
  return (await postCall('Contact/GetAdmin', adminContactResponse, {})).data
}

export const adminContactQueryOptions = () =>
  queryOptions({ queryKey: adminContactKey, queryFn: getAdminContact })

export const useAdminContact = () => useQuery(adminContactQueryOptions())

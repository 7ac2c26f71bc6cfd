import { queryOptions, useQuery } from '@tanstack/react-query'
import { signUpOptionsResponse } from '#shared/contract/phone-auth'
import { getCall } from '#client/lib/http'

/** `User/SignUpOptions`: whether self-registration is open (REGISTRATION). */
export async function getSignUpOptions() {
  return (await getCall('User/SignUpOptions', signUpOptionsResponse)).data
}

export const signUpOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sign-up-options'],
    queryFn: getSignUpOptions,
    staleTime: 10 * 60_000,
  })

export const useSignUpOptions = () => useQuery(signUpOptionsQueryOptions())

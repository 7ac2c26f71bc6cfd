import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '#client/lib/http'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 24 * 60 * 60 * 1000,
        retry: (count, error) => !(error instanceof ApiError && error.code < 500) && count < 2,
        refetchOnWindowFocus: false,
        // cached data shows at once offline; the service worker may still answer public reads
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  })
}

import { onlineManager, QueryClient } from '@tanstack/react-query'
import { ApiError } from '#client/lib/http'
import { keepRefusedWrites } from '#client/lib/kept-refusals'
import { isNoAnswer, retryWrite, writeRetryDelay } from '#client/lib/write-retry'

export function createQueryClient(): QueryClient {
  // TanStack assumes "online" until an event says otherwise; start from the browser's view
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 24 * 60 * 60 * 1000,
        // no retry for answers the server meant, nor while offline (show the offline state at once)
        retry: (count, error) =>
          !(error instanceof ApiError && error.code < 500) &&
          !(isNoAnswer(error) && !onlineManager.isOnline()) &&
          count < 2,
        refetchOnWindowFocus: false,
        // cached data shows at once offline; the service worker may still answer public reads
        networkMode: 'offlineFirst',
      },
      // writes pause while offline and resume in order when the connection returns; a lost
      // answer or a "not now" (502/503/504/507) is sent again with the same Idempotency-Key,
      // with backoff; other answers are handed back (write-outcome.ts)
      mutations: {
        networkMode: 'online',
        retry: retryWrite,
        retryDelay: (failures) => writeRetryDelay(failures),
      },
    },
  })
  // a write refused after waiting offline stays until the user discards it
  keepRefusedWrites(client)
  return client
}

import type { QueryClient } from '@tanstack/react-query'
import { clearTokens } from '#client/lib/session-tokens'

/**
 * SPEC §4 reset: forget the user, tokens and everything cached for them
 * (query cache; persisted data and per-user caches join here with offline support).
 */
export function resetSession(queryClient: QueryClient) {
  clearTokens()
  queryClient.clear()
}

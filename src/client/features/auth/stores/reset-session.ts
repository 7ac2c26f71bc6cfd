import type { QueryClient } from '@tanstack/react-query'
import { queryPersister } from '#client/lib/query-persister'
import { clearTokens } from '#client/lib/session-tokens'
import { dropStaffOffline } from '#client/lib/staff-cache'

/**
 * SPEC §4 reset: forget the user, tokens and everything cached for them
 * (query cache and its persisted copy in IndexedDB, the staff code kept for offline use).
 */
export function resetSession(queryClient: QueryClient) {
  clearTokens()
  queryClient.clear()
  void queryPersister.removeClient()
  dropStaffOffline()
}

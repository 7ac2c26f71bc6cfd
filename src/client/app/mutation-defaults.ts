import type { QueryClient } from '@tanstack/react-query'
import type { noticesKey as NoticesKey } from '#client/features/notices/api/get-notices'
import type {
  readNoticesKey as ReadNoticesKey,
  ReadNoticesVariables,
} from '#client/features/notices/api/post-read-notices'
import { gridKey, gridSaveKey } from '#client/features/orders/api/grid-keys'
import type { GridSaveVariables } from '#client/features/orders/api/post-grid-save'
import type {
  LeaveMessageVariables,
  leaveMessageKey as LeaveMessageKey,
} from '#client/features/site/api/post-leave-message'
import { announceLeaveMessageDelivered } from '#client/features/site/leave-message-delivered'

// Keys of calls that live with them, restated so start-up code loads none of the calls (their contract
// schemas use the full zod); the types make them equal to the calls' own keys.
const leaveMessageKey: typeof LeaveMessageKey = ['site', 'leave-message']
const readNoticesKey: typeof ReadNoticesKey = ['notices', 'read']
const noticesKey: typeof NoticesKey = ['notices']

/**
 * Writes that may be made offline are registered by key, so paused mutations restored from
 * IndexedDB after a reload know how to run (DESIGN §6); they replay in order when online.
 * Each call loads on first use, keeping it off a visitor's first page load.
 */
export function registerMutationDefaults(queryClient: QueryClient) {
  queryClient.setMutationDefaults(leaveMessageKey, {
    mutationFn: async (v: LeaveMessageVariables) =>
      (await import('#client/features/site/api/post-leave-message')).postLeaveMessage(v),
    // a message sent offline: the visitor is told once it arrived (also after a reload)
    onSuccess: (_d, v: LeaveMessageVariables) => {
      if (v.queuedOffline) announceLeaveMessageDelivered()
    },
  })
  queryClient.setMutationDefaults(readNoticesKey, {
    mutationFn: async (v: ReadNoticesVariables) =>
      (await import('#client/features/notices/api/post-read-notices')).postReadNotices(v),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  })
  queryClient.setMutationDefaults(gridSaveKey, {
    mutationFn: async (v: GridSaveVariables) =>
      (await import('#client/features/orders/api/post-grid-save')).postGridSave(v),
    onSettled: (_d, _e, v: GridSaveVariables) =>
      queryClient.invalidateQueries({ queryKey: gridKey(v.kind) }),
  })
}

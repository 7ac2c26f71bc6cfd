import type { QueryClient } from '@tanstack/react-query'
import { noticesKey } from '#client/features/notices/api/get-notices'
import { postReadNotices, readNoticesKey } from '#client/features/notices/api/post-read-notices'
import { gridKey, gridSaveKey } from '#client/features/orders/api/grid-keys'
import type { GridSaveVariables } from '#client/features/orders/api/post-grid-save'
import { leaveMessageKey, postLeaveMessage } from '#client/features/site/api/post-leave-message'

/**
 * Writes that may be made offline are registered by key, so paused mutations restored from
 * IndexedDB after a reload know how to run (DESIGN §6); they replay in order when online.
 */
export function registerMutationDefaults(queryClient: QueryClient) {
  queryClient.setMutationDefaults(leaveMessageKey, { mutationFn: postLeaveMessage })
  queryClient.setMutationDefaults(readNoticesKey, {
    mutationFn: postReadNotices,
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  })
  queryClient.setMutationDefaults(gridSaveKey, {
    mutationFn: async (v: GridSaveVariables) => (await import('#client/features/orders/api/post-grid-save')).postGridSave(v),
    onSettled: (_d, _e, v: GridSaveVariables) => queryClient.invalidateQueries({ queryKey: gridKey(v.kind) }),
  })
}

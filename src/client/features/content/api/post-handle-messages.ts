import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postGridSave } from '#client/features/orders/api/post-grid-save'
import { gridSaveKey } from '#client/features/orders/api/grid-keys'
import { newIdempotencyKey } from '#client/features/notices/api/post-read-notices'
import { visitorMessagesKey } from './get-visitor-messages.ts'

/**
 * Marks visitor messages handled (or not): PostCommon `SaveLeaving` updateRecords `{Id, Handled}`.
 * It rides on the grid-save mutation defaults, so a change made offline waits and replays once.
 */
export function useHandleMessages() {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationKey: gridSaveKey,
    mutationFn: postGridSave,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: visitorMessagesKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'new-visitor-messages'] }),
      ]),
  })
  const handle = (ids: number[], handled: boolean) =>
    mutation.mutateAsync({
      postUrl: 'SaveLeaving',
      kind: 'Leaving',
      postData: { updateRecords: ids.map((Id) => ({ Id, Handled: handled })) },
      idempotencyKey: newIdempotencyKey(),
      queuedOffline: !navigator.onLine,
    })
  return { handle, isPending: mutation.isPending && !mutation.isPaused }
}

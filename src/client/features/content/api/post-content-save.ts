import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { PostCommonBody } from '#shared/contract/post-common'
import { gridSaveKey } from '#client/features/orders/api/grid-keys'
import { postGridSave } from '#client/features/orders/api/post-grid-save'
import { newIdempotencyKey } from '#client/features/notices/api/post-read-notices'

/**
 * A content save through PostCommon (`SaveCarousel`, ...). It rides on the grid-save mutation
 * defaults (offline-ready, replayed once) and refreshes the staff list and the public reads
 * it changes, so visitors see the change on their next load.
 */
export function useContentSave(postUrl: string, refresh: QueryKey[]) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationKey: gridSaveKey,
    mutationFn: postGridSave,
    onSettled: () =>
      Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
  const save = (postData: PostCommonBody['postData']) =>
    mutation.mutateAsync({
      postUrl,
      kind: postUrl,
      postData,
      idempotencyKey: newIdempotencyKey(),
      queuedOffline: !navigator.onLine,
    })
  return { save, isPending: mutation.isPending && !mutation.isPaused }
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postCommonResponse, type PostCommonBody } from '#shared/contract/post-common'
import { postCall } from '#client/lib/http'
import { newIdempotencyKey } from '#client/lib/idempotency-key'
import { noticesKey } from './get-notices.ts'
import { markReadInCache } from './mark-read-in-cache.ts'

export const readNoticesKey = ['notices', 'read'] as const

/** The variables persist with a paused mutation, so the idempotency key survives a reload. */
export type ReadNoticesVariables = {
  ids: number[]
  idempotencyKey: string
  queuedOffline?: boolean
}

export { newIdempotencyKey }

/**
 * Marks notices read: `PostData/PostCommon` with postUrl ReadNotice and updateRecords `[{Id}]`
 * (SPEC §7). The Idempotency-Key makes a replay after a lost answer apply once.
 */
export async function postReadNotices({ ids, idempotencyKey }: ReadNoticesVariables) {
  const body: PostCommonBody = {
    postUrl: 'ReadNotice',
    postData: { updateRecords: ids.map((Id) => ({ Id })) },
  }
  return (
    await postCall('PostData/PostCommon', postCommonResponse, body, {
      'Idempotency-Key': idempotencyKey,
    })
  ).data
}

/**
 * `markRead(ids)`: the lists show them read at once; every notices query (badge, lists)
 * refetches once the write settled (the mutation defaults do that for a write replayed after
 * a reload). Offline the write waits in the outbox and `markRead` resolves `'queued'` once it is
 * kept on the device.
 */
export function useReadNotices() {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationKey: readNoticesKey,
    mutationFn: postReadNotices,
    onMutate: ({ ids }) => markReadInCache(queryClient, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  })
  const markRead = async (ids: number[]): Promise<'sent' | 'queued'> => {
    // loaded with the first write, not with the staff shell (the staff shell's size budget)
    const { sendOrQueue } = await import('#client/lib/send-or-queue')
    const r = await sendOrQueue(mutation.mutateAsync, {
      ids: [...new Set(ids)],
      idempotencyKey: newIdempotencyKey(),
    })
    return r.queued ? 'queued' : 'sent'
  }
  return { markRead, isPending: mutation.isPending && !mutation.isPaused }
}

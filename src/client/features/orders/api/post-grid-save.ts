import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postCommonResponse, type PostCommonBody } from '#shared/contract/post-common'
import { postCall } from '#client/lib/http'
import { newIdempotencyKey } from '#client/features/notices/api/post-read-notices'
import { applyVersions } from './apply-versions.ts'
import { gridKey, gridSaveKey } from './grid-keys.ts'

/**
 * One grid save or audit: PostCommon `Save{kind}` / `Audit{kind}` with the collected records
 * (DESIGN §4), applied by the server in one transaction. Kept as variables so a save made
 * offline survives a reload and replays once (Idempotency-Key).
 */
export type GridSaveVariables = {
  postUrl: string
  kind: string
  postData: PostCommonBody['postData']
  idempotencyKey: string
  queuedOffline?: boolean
}

export async function postGridSave({
  postUrl,
  postData,
  idempotencyKey,
  queuedOffline,
}: GridSaveVariables) {
  // a write made offline is replayed by the outbox: its history says so
  const headers = {
    'Idempotency-Key': idempotencyKey,
    ...(queuedOffline ? { 'x-forgeline-via': 'offline' } : {}),
  }
  // SPEC §7 doEdit: the save the user waits for covers the page while it runs (a replay of a
  // save kept offline runs in the background and does not)
  return (
    await postCall(
      'PostData/PostCommon',
      postCommonResponse,
      { postUrl, postData },
      headers,
      !queuedOffline,
    )
  ).data
}

/** `save(postUrl, postData)`: resolves 'sent' after the server applied it, 'queued' once kept on the device when offline. */
export function useGridSave(kind: string) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationKey: gridSaveKey,
    mutationFn: postGridSave,
    onSuccess: (data) => applyVersions(queryClient, kind, data.versions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gridKey(kind) }),
  })
  const save = async (
    postUrl: string,
    postData: GridSaveVariables['postData'],
  ): Promise<'sent' | 'queued'> => {
    // loaded with the first write, not with the staff shell (the staff shell's size budget)
    const { sendOrQueue } = await import('#client/lib/send-or-queue')
    const r = await sendOrQueue(mutation.mutateAsync, {
      postUrl,
      kind,
      postData,
      idempotencyKey: newIdempotencyKey(),
    })
    return r.queued ? 'queued' : 'sent'
  }
  return { save, isPending: mutation.isPending && !mutation.isPaused }
}

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { postCommonResponse, type PostCommonBody } from '#shared/contract/post-common'
import { postCall } from '#client/lib/http'
import { idempotencyHeader, keyOfSubmit } from '#client/lib/idempotency-key'

/**
 * A system settings save through PostCommon (`SaveRole`, `SaveMenu`, `SaveDepartment`,
 * `SaveUser`, ...) with an Idempotency-Key. Online only: settings are not edited on the shop floor. Refreshes the lists
 * it changes and the signed-in user's own menu, which may have changed with them.
 */
export function useSystemSave(postUrl: string, refresh: QueryKey[]) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    // one key per submit, the same on each retry of it (write-outcome.ts)
    mutationFn: (postData: PostCommonBody['postData']) =>
      postCall(
        'PostData/PostCommon',
        postCommonResponse,
        { postUrl, postData },
        idempotencyHeader(keyOfSubmit(postData)),
        true,
      ),
    onSettled: () =>
      Promise.all(
        [...refresh, ['shell', 'user-menu']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  })
  return { save: mutation.mutateAsync, isPending: mutation.isPending }
}

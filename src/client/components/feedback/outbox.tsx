import { Trans } from '@lingui/react/macro'
import { useMutationState, useQueryClient } from '@tanstack/react-query'
import { errorText } from '#client/lib/http'
import { mutationIdentity } from '#client/lib/mutation-identity'
import { deviceCopy, identityOf } from '#client/lib/query-persister'
import { useStore } from '#client/lib/small-store'
import { writeOutcome } from '#client/lib/write-outcome'

/**
 * Writes made offline wait here (DESIGN §6): a count while they are paused, and a clear
 * message for any the server rejects after replay, which the user can dismiss.
 */
export function Outbox() {
  const queryClient = useQueryClient()
  // paused and kept on the device (a reload keeps it), or queued offline and now being sent:
  // it counts until the server has answered
  const device = useStore(deviceCopy)
  const waitingOrSent = useMutationState({
    filters: {
      status: 'pending',
      predicate: (m) =>
        m.state.isPaused ||
        (m.state.variables as { queuedOffline?: boolean } | undefined)?.queuedOffline === true,
    },
    select: (m) => ({ paused: m.state.isPaused, id: identityOf(m) }),
  })
  const kept = new Set(
    device.kept.map((k) => mutationIdentity(k.mutationKey, k.state.submittedAt, k.state.variables)),
  )
  const paused = waitingOrSent.filter((m) => !m.paused || device.failing || kept.has(m.id))
  const failed = useMutationState({
    // only writes that waited in the outbox; forms report their own online failures
    filters: {
      status: 'error',
      predicate: (m) =>
        (m.state.variables as { queuedOffline?: boolean } | undefined)?.queuedOffline === true,
    },
    select: (m) => ({
      id: m.mutationId,
      // what the answer means (write-outcome.ts): a clash is shown on its card to choose from
      clash: writeOutcome(m.state.error) === 'clash',
      // SPEC §8: a server failure keeps its code ("500: message")
      message: errorText(m.state.error, String(m.state.error)),
    }),
  })
  if (paused.length === 0 && failed.length === 0) return null
  return (
    <div className="app-banner app-banner-outbox" role="status" data-testid="outbox">
      {paused.length > 0 && (
        <p>
          <Trans>{paused.length} change(s) waiting to be sent</Trans>
        </p>
      )}

      {failed.map((f) => (
        <p key={f.id} className="outbox-failed">
          {f.clash ? (
            <Trans>Not saved: someone else changed the same field; choose on its card</Trans>
          ) : (
            <Trans>Not saved: {f.message}</Trans>
          )}
          <button
            type="button"
            onClick={() => {
              // gone from the cache, so from this list and from the device copy
              const m = queryClient
                .getMutationCache()
                .getAll()
                .find((x) => x.mutationId === f.id)
              if (m) queryClient.getMutationCache().remove(m)
            }}
          >
            <Trans>Discard</Trans>
          </button>
        </p>
      ))}
    </div>
  )
}

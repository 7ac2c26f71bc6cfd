import { useLingui } from '@lingui/react/macro'
import { useMutationState, useQueryClient } from '@tanstack/react-query'
import { errorText } from '#client/lib/http'
import { writeOutcome } from '#client/lib/write-outcome'
import { gridSaveKey } from '../api/grid-keys.ts'
import type { GridSaveVariables } from '../api/post-grid-save.ts'

/** A save that waited in the outbox and was then refused, as its rows show it. */
export type OutboxRefusal = {
  mutationId: number
  /** the server's reason, with its code for a server error (SPEC §8) */
  message: string
  /** the rows it deleted (they are back: the server still has them) */
  removed: number[]
  /** the rows it changed */
  changed: number[]
}

const ids = (records: unknown) =>
  Array.isArray(records) ? records.map((r) => Number((r as { Id?: unknown }).Id)) : []

/**
 * The saves of one grid that waited offline and were then refused for a reason the user cannot
 * fix on a cell (write-outcome.ts: 403 `refused`, a reused key, any other `failed` answer): each
 * stays on the rows it named, with its reason, until the user discards it. Field errors go back
 * to the cells and clashes show as clashes (pending-saves.ts), not here.
 */
export function refusalsOf(
  saves: { mutationId: number; variables: GridSaveVariables; error: unknown }[],
  fallback: string,
): OutboxRefusal[] {
  return saves
    .filter((s) => ['refused', 'keyReused', 'failed'].includes(writeOutcome(s.error)))
    .map((s) => ({
      mutationId: s.mutationId,
      message: errorText(s.error, fallback),
      removed: ids(s.variables.postData?.removeRecords),
      changed: ids(s.variables.postData?.updateRecords),
    }))
}

/** The grid's refused outbox saves, a notice for a row, and the Discard that ends one. */
export function useOutboxRefusals(kind: string) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const saves = useMutationState({
    filters: {
      mutationKey: gridSaveKey,
      status: 'error',
      predicate: (m) => {
        const v = m.state.variables as GridSaveVariables | undefined
        return v?.kind === kind && v.queuedOffline === true
      },
    },
    select: (m) => ({
      mutationId: m.mutationId,
      variables: m.state.variables as GridSaveVariables,
      error: m.state.error as unknown,
    }),
  })
  const refusals = refusalsOf(saves, t`The changes could not be saved`)
  const discard = (mutationId: number) => {
    const cache = queryClient.getMutationCache()
    const m = cache.getAll().find((x) => x.mutationId === mutationId)
    if (m) cache.remove(m)
  }
  const line = (r: OutboxRefusal, deleted: boolean) => (
    <p key={r.mutationId} className="grid-refused" role="alert" data-testid="grid-outbox-refused">
      {deleted ? t`Not deleted: ${r.message}` : t`Not saved: ${r.message}`}{' '}
      <button type="button" onClick={() => discard(r.mutationId)}>{t`Discard`}</button>
    </p>
  )
  /** under a card: the refusals that name its row */
  const notice = (id: number) =>
    refusals
      .filter((r) => r.removed.includes(id) || r.changed.includes(id))
      .map((r) => line(r, r.removed.includes(id)))
  /** above the table: each refusal once */
  const all = () => refusals.map((r) => line(r, r.removed.length > 0))
  return { refusals, notice, all }
}

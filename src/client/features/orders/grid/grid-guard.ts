import type { GridEdits } from './grid-edits.ts'

/**
 * The edits a save may carry for a role (SPEC §6 `button-{code}-show-false`, checked again by the
 * server): no removals without Delete, no new rows without Add. Edits made before the role lost a
 * button are held back here, so they are neither sent nor queued in the outbox. The same object
 * when nothing is held back.
 */
export function allowedEdits(e: GridEdits, buttonShown: (code: string) => boolean): GridEdits {
  const dropRemoved = e.removed.length > 0 && !buttonShown('delete')
  const dropAdded = e.added.length > 0 && !buttonShown('add')
  if (!dropRemoved && !dropAdded) return e
  return {
    ...e,
    added: dropAdded ? [] : e.added,
    removed: dropRemoved ? [] : e.removed,
  }
}

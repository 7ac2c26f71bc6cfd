import { useState } from 'react'
import type { RowConflict } from '#shared/contract/row-version'
import { ClashNotice } from '#client/components/clash/clash-notice'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { clashesOf } from '#client/lib/clashes-of'

/** What the editor sent when it was refused as a clash: sent again by Keep mine. */
type Refused = { conflicts: RowConflict[]; values: FormValues; changed: FormValues }

/** The version to save again from: the one stored now. */
const currentVersionOf = (conflicts: RowConflict[]) => {
  const vs = conflicts.flatMap((c) => (c.currentVersion === undefined ? [] : [c.currentVersion]))
  return vs.length > 0 ? Math.max(...vs) : undefined
}

const shown = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—'
  if (Array.isArray(v))
    return v
      .map((x) => (typeof x === 'object' && x ? String((x as { url?: string }).url) : String(x)))
      .join(', ')
  if (typeof v === 'boolean') return v ? '✓' : '✗'
  return String(v)
}

/**
 * An editor's save refused as a clash (DESIGN §11): the notice in the editor, Keep mine (the same
 * changes from the version stored now, a new Idempotency-Key) and Take theirs (the editor opens
 * again on the stored values).
 */
export function useEditorClash() {
  const [refused, setRefused] = useState<Refused | null>(null)
  /** runs a save; a clash is kept for the notice, then thrown on (the form says it failed) */
  const watch = async (run: () => Promise<void>, values: FormValues, changed: FormValues) => {
    setRefused(null)
    try {
      await run()
    } catch (e) {
      const conflicts = clashesOf(e)
      if (conflicts) setRefused({ conflicts, values, changed })
      throw e
    }
  }
  const notice = (
    fields: FieldDef[],
    keepMine: (r: { values: FormValues; changed: FormValues; version?: number }) => Promise<void>,
    takeTheirs: () => void,
  ) =>
    refused ? (
      <ClashNotice
        conflicts={refused.conflicts}
        label={(field) => fields.find((f) => f.name === field)?.label ?? field}
        value={(_f, v) => shown(v)}
        onKeepMine={() =>
          void keepMine({ ...refused, version: currentVersionOf(refused.conflicts) }).then(
            () => setRefused(null),
            () => {},
          )
        }
        onTakeTheirs={() => (setRefused(null), takeTheirs())}
      />
    ) : null
  return { watch, notice, clear: () => setRefused(null) }
}

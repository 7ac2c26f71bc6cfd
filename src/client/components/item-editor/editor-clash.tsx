import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import type { RowConflict } from '#shared/contract/row-version'
import { ClashNotice } from '#client/components/clash/clash-notice'
import { Toast } from '#client/components/feedback/toast'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { clashesOf } from '#client/lib/clashes-of'
import { errorText } from '#client/lib/http'

/** What a form editor sent when it was refused: sent again by Keep mine. */
type Edit = { values: FormValues; changed: FormValues }

/** The version to save again from: the one stored now. */
const currentVersionOf = (conflicts: RowConflict[]) => {
  const vs = conflicts.flatMap((c) => (c.currentVersion === undefined ? [] : [c.currentVersion]))
  return vs.length > 0 ? Math.max(...vs) : undefined
}

/** A value as the notice shows it when the editor gives no formatter. */
export const shownValue = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—'
  if (Array.isArray(v))
    return v
      .map((x) => (typeof x === 'object' && x ? String((x as { url?: string }).url) : String(x)))
      .join(', ')
  if (typeof v === 'boolean') return v ? '✓' : '✗'
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/** A field's name in the notice: from the form's fields, or the editor's own function. */
type Labels = readonly FieldDef[] | ((field: string) => string)
const labelOf = (labels: Labels) =>
  typeof labels === 'function'
    ? labels
    : (field: string) => labels.find((f) => f.name === field)?.label ?? field

/**
 * An editor's save refused as a clash (DESIGN §11), for every editor (item sheets, content
 * pages, system settings forms): the notice in the editor, Keep mine (the same changes from the
 * version stored now, with a new Idempotency-Key: a new submit) and Take theirs (the editor
 * opens again on the stored values). `P` is what the editor needs to send the edit again.
 */
export function useEditorClash<P extends object = Edit>() {
  const { t } = useLingui()
  const [refused, setRefused] = useState<{ conflicts: RowConflict[]; edit: P } | null>(null)
  const [busy, setBusy] = useState(false)
  /** runs a save; a clash is kept for the notice, then thrown on (the form says it failed) */
  const watch = async (run: () => Promise<unknown>, edit: P) => {
    setRefused(null)
    try {
      await run()
    } catch (e) {
      const conflicts = clashesOf(e)
      if (conflicts) setRefused({ conflicts, edit })
      throw e
    }
  }
  const notice = (
    labels: Labels,
    keepMine: (r: P & { version?: number }) => Promise<unknown>,
    takeTheirs: () => void,
    value: (field: string, v: unknown) => ReactNode = (_f, v) => shownValue(v),
  ) => {
    if (!refused) return null
    const was = refused
    const keep = async () => {
      const version = currentVersionOf(was.conflicts)
      setBusy(true)
      try {
        // a clash again (a third person meanwhile) replaces the notice with the new values
        await watch(() => keepMine({ ...was.edit, version }), was.edit)
      } catch (e) {
        if (clashesOf(e)) return
        // not saved for another reason (offline, a field error): the question stays
        setRefused(was)
        Toast.show({
          icon: 'fail',
          content: errorText(e, t`The changes could not be saved`),
          duration: 3000,
        })
      } finally {
        setBusy(false)
      }
    }
    return (
      <ClashNotice
        conflicts={refused.conflicts}
        label={labelOf(labels)}
        value={value}
        busy={busy}
        onKeepMine={() => void keep()}
        onTakeTheirs={() => (setRefused(null), takeTheirs())}
      />
    )
  }
  return { watch, notice, clear: () => setRefused(null) }
}

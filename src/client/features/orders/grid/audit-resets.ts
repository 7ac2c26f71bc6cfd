import { auditResetChanges } from '#shared/contract/audit-reset'
import type { GridColumn, GridConfig, GridRow } from './grid-config.ts'
import type { SavePlan } from './grid-edits.ts'

export type AuditReset = {
  id: number
  /** the record as its card's first line names it (order number, customer, ...) */
  title: string
  changes: { column: GridColumn; from: unknown; to: unknown }[]
}

/**
 * The audited records a save would send back to pending review, with the changes that do it
 * (the kind's shared `auditResetFields`, the list the server applies): empty when the save
 * keeps every audit, e.g. only remarks changed.
 */
export function auditResets(config: GridConfig, saved: GridRow[], plan: SavePlan): AuditReset[] {
  const byId = new Map(saved.map((r) => [r.Id, r]))
  const out: AuditReset[] = []
  plan.updateIds.forEach((id, i) => {
    const before = byId.get(id)
    const after = plan.postData.updateRecords?.[i] as Record<string, unknown> | undefined
    if (!before || !after || Number(before.AuditStatus ?? 0) === 0) return
    const changes = auditResetChanges(config.kind, before, after).flatMap((c) => {
      const column = config.columns.find((col) => col.key === c.field)
      return column ? [{ column, from: c.from, to: c.to }] : []
    })
    if (changes.length === 0) return
    const title = config.columns
      .filter((c) => c.primary)
      .map((c) => String(before[c.key] ?? ''))
      .filter(Boolean)
      .join(' · ')
    out.push({ id, title, changes })
  })
  return out
}

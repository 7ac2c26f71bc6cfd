import { useLingui } from '@lingui/react/macro'
import { Button } from 'antd-mobile'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import type { AuditReset } from './audit-resets.ts'
import { CellView } from './grid-cell.tsx'

type Props = { resets: AuditReset[]; busy: boolean; onConfirm: () => void; onCancel: () => void }

/**
 * Asks before a save that sends audited records back to pending review: which
 * records, which of their fields do it, and each change (old -> new). A remark never does.
 */
export function AuditResetDialog({ resets, busy, onConfirm, onCancel }: Props) {
  const { t, i18n } = useLingui()
  return (
    <ResponsiveSheet
      open
      onClose={onCancel}
      title={t`Send back to audit?`}
      note={t`These changes put audited records back to pending audit. A remark alone would not.`}
      testId="audit-reset-confirm"
    >
      <ul className="grid-audit-resets">
        {resets.map((r) => (
          <li key={r.id} data-testid="audit-reset-record" data-id={r.id}>
            <strong>{r.title || t`Record ${r.id}`}</strong>
            <ul>
              {r.changes.map((c) => (
                <li key={c.column.key} data-field={c.column.key}>
                  <span className="grid-audit-reset-field">{i18n._(c.column.label)}</span>{' '}
                  <span className="grid-audit-reset-old">
                    <CellView column={c.column} value={c.from} />
                  </span>
                  {' → '}
                  <span className="grid-audit-reset-new">
                    <CellView column={c.column} value={c.to} />
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="grid-audit-actions">
        <Button onClick={onCancel} data-testid="audit-reset-cancel">
          {t`Cancel`}
        </Button>
        <Button color="primary" loading={busy} onClick={onConfirm} data-testid="audit-reset-ok">
          {t`Save and send back to audit`}
        </Button>
      </div>
    </ResponsiveSheet>
  )
}

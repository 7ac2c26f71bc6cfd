import { useLingui } from '@lingui/react/macro'
import { Button, Tag } from 'antd-mobile'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import type { GridImportOutcome } from '../api/post-grid-import.ts'

type Props = { outcome: GridImportOutcome; busy: boolean; onApply: () => void; onClose: () => void }

/**
 * What an import would do, before anything is stored: new, changed, unchanged and refused rows,
 * each changed row with its fields (old -> new) and whether its audit goes back to pending.
 * Import applies exactly this plan; a file with refused rows cannot be applied.
 */
export function ImportPreview({ outcome, busy, onApply, onClose }: Props) {
  const { t } = useLingui()
  const r = outcome.result
  const refused = new Set(r.rejectedRows.map((x) => x.row)).size
  const nothing = r.insertRows + r.updateRows === 0
  return (
    <ResponsiveSheet open onClose={onClose} title={t`Import preview`} note={outcome.msg} testId="import-preview">
      <div className="grid-sheet-body">
        <ul className="grid-import-counts" data-testid="import-counts">
          <li data-count="new">{t`New: ${r.insertRows}`}</li>
          <li data-count="changed">{t`Changed: ${r.updateRows}`}</li>
          <li data-count="unchanged">{t`Unchanged: ${r.unchangedRows}`}</li>
          <li data-count="refused">{t`Refused: ${refused}`}</li>
        </ul>
        {r.changedRows.length > 0 ? (
          <div className="grid-import-rows">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t`Row`}</th>
                  <th scope="col">{t`Record`}</th>
                  <th scope="col">{t`Changes`}</th>
                </tr>
              </thead>
              <tbody>
                {r.changedRows.map((c) => (
                  <tr key={c.row} data-testid="import-changed-row" data-row={c.row} data-key={c.key}>
                    <td>{c.row}</td>
                    <td>
                      {c.key}
                      {c.auditReset ? (
                        <Tag color="warning" className="grid-import-reset">
                          {t`Audit back to pending`}
                        </Tag>
                      ) : null}
                    </td>
                    <td>
                      {c.fields.map((f) => (
                        <div key={f.field} data-field={f.field}>
                          {f.column}: <del>{f.from || '—'}</del> → <ins>{f.to || '—'}</ins>
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {refused > 0 ? (
          <>
            <p className="grid-import-hint">{t`Correct the refused rows in the file and import it again; nothing is stored while a row is refused.`}</p>
            <div className="grid-import-rows">
              <table>
                <tbody>
                  {r.rejectedRows.map((x, i) => (
                    <tr key={i} data-testid="import-rejected-row" data-row={x.row}>
                      <td>{x.row}</td>
                      <td>{x.column}</td>
                      <td>{x.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
        <div className="grid-audit-actions">
          <Button onClick={onClose} data-testid="import-cancel">
            {t`Cancel`}
          </Button>
          <Button color="primary" loading={busy} disabled={refused > 0 || nothing} onClick={onApply} data-testid="import-apply">
            {t`Import`}
          </Button>
        </div>
      </div>
    </ResponsiveSheet>
  )
}

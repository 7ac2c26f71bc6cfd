import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { errorText } from '#client/lib/http'
import { Button, Tag } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { useGridImport, type GridImportOutcome } from '../api/post-grid-import.ts'

type Props = {
  kind: string
  file: File
  outcome: GridImportOutcome
  onRefused: (o: GridImportOutcome) => void
  onClose: () => void
}
const toastMs = 3000

/**
 * What an import would do, before anything is stored: the server's counts (new, changed,
 * unchanged, refused) as the note, each changed row with its fields (old -> new) and whether its
 * audit goes back to pending, and the refused rows.
 * Import applies exactly this plan; a file with refused rows cannot be applied.
 */
export function ImportPreview({ kind, file, outcome, onRefused, onClose }: Props) {
  const { t } = useLingui()
  const importing = useGridImport(kind)
  // rows changed in Forgeline since the export: applied only when ticked
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set())
  const tick = (row: number, on: boolean) =>
    setTicked((s) => {
      const next = new Set(s)
      if (on) next.add(row)
      else next.delete(row)
      return next
    })
  const onApply = async () => {
    if (!navigator.onLine)
      return Toast.show({
        icon: 'fail',
        content: t`Import and export need a connection`,
        duration: toastMs,
      })
    try {
      const applied = await importing.mutateAsync({
        file,
        step: { mode: 'apply', token: outcome.result.token, applyRows: [...ticked] },
      })
      onClose()
      if (!applied.ok) return onRefused(applied)
      const ignored = applied.result.ignoredColumns
      const note = ignored.length > 0 ? ` ${t`Columns not imported: ${ignored.join(', ')}`}` : ''
      Toast.show({ icon: 'success', content: `${applied.msg}${note}`, duration: toastMs })
    } catch (e) {
      onClose()
      Toast.show({
        icon: 'fail',
        content: errorText(e, t`Something went wrong`),
        duration: toastMs,
      })
    }
  }
  const r = outcome.result
  const refused = new Set(r.rejectedRows.map((x) => x.row)).size
  const nothing = r.insertRows + r.updateRows === 0
  return (
    <ResponsiveSheet
      open
      onClose={onClose}
      title={t`Import`}
      note={outcome.msg}
      testId="import-preview"
    >
      <div className="grid-sheet-body">
        {r.changedRows.length > 0 ? (
          <div className="grid-import-rows">
            <table>
              <tbody>
                {r.changedRows.map((c) => (
                  <tr
                    key={c.row}
                    data-testid="import-changed-row"
                    data-row={c.row}
                    data-key={c.key}
                    data-clash={c.clash ? 'true' : undefined}
                    className={c.clash ? 'is-clash' : undefined}
                  >
                    <td>
                      {c.clash ? (
                        <label className="grid-import-tick">
                          <input
                            type="checkbox"
                            checked={ticked.has(c.row)}
                            onChange={(e) => tick(c.row, e.target.checked)}
                            aria-label={t`Apply row ${c.row} from the file`}
                            data-testid="import-clash-tick"
                          />
                        </label>
                      ) : null}
                      {c.row}
                    </td>
                    <td>
                      {c.key}
                      {c.auditReset ? (
                        <Tag color="warning" className="grid-import-reset">
                          {t`Audit`} → {t`Pending audit`}
                        </Tag>
                      ) : null}
                    </td>
                    <td>
                      {c.fields.map((f) =>
                        f.clash ? (
                          <div key={f.field} data-field={f.field} className="grid-import-clash">
                            {f.column}:{' '}
                            {t`changed by ${f.changedBy ?? '—'} since the export: ${f.from || '—'} / the file: ${f.to || '—'}`}
                          </div>
                        ) : (
                          <div key={f.field} data-field={f.field}>
                            {f.column}: <del>{f.from || '—'}</del> → <ins>{f.to || '—'}</ins>
                          </div>
                        ),
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {r.changedRows.some((c) => c.clash) ? (
          <p className="grid-import-hint" role="status" data-testid="import-clash-hint">
            {t`Rows with a tick box were changed in Forgeline since the export: tick the ones to take from the file; the others stay as they are.`}
          </p>
        ) : null}
        {refused > 0 ? (
          <>
            <p className="grid-import-hint">{t`Correct these rows in the file and import it again.`}</p>
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
          <Button
            color="primary"
            loading={importing.isPending}
            disabled={refused > 0 || nothing}
            onClick={() => void onApply()}
            data-testid="import-apply"
          >
            {t`Import`}
          </Button>
        </div>
      </div>
    </ResponsiveSheet>
  )
}

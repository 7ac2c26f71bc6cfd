import { useLingui } from '@lingui/react/macro'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import type { GridImportOutcome } from '../api/post-grid-import.ts'

/** Why an import was refused: every rejected row with its column and reason; nothing was stored. */
export function ImportReport({
  outcome,
  onClose,
}: {
  outcome: GridImportOutcome
  onClose: () => void
}) {
  const { t } = useLingui()
  const rows = outcome.result.rejectedRows
  return (
    <ResponsiveSheet
      open
      onClose={onClose}
      title={t`Nothing was imported`}
      note={outcome.msg}
      testId="import-report"
    >
      <div className="grid-sheet-body">
        <p className="grid-import-hint">{t`Correct these rows in the file and import it again.`}</p>
        <div className="grid-import-rows">
          <table>
            <thead>
              <tr>
                <th scope="col">{t`Row`}</th>
                <th scope="col">{t`Field`}</th>
                <th scope="col">{t`Problem`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} data-testid="import-rejected-row" data-row={r.row}>
                  <td>{r.row}</td>
                  <td>{r.column}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </ResponsiveSheet>
  )
}

import { useLingui } from '@lingui/react/macro'
import { Toast } from 'antd-mobile'
import { lazy, Suspense, useRef, useState } from 'react'
import type { GridExportBody } from '#shared/contract/grid-excel'
import { useGridExport } from '../api/post-grid-export.ts'
import { useGridImport, type GridImportOutcome } from '../api/post-grid-import.ts'

// loaded when an import answers, not with the grid
const ImportPreview = lazy(() => import('./import-preview.tsx').then((m) => ({ default: m.ImportPreview })))
const ImportReport = lazy(() => import('./import-report.tsx').then((m) => ({ default: m.ImportReport })))

const toastMs = 3000
const accept = '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel'

/**
 * Toolbar Import and Export of a grid (SPEC §2): Import sends a chosen .xlsx or .xls to
 * `{kind}/Upload` for a preview (new, changed with their fields, unchanged, refused rows) and
 * applies that plan on confirmation (all rows or none; refused rows are listed). Export
 * downloads the rows of the current filter. Both need the network.
 */
export function useGridExcel(kind: string, filter: GridExportBody) {
  const { t } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const importing = useGridImport(kind)
  const exporting = useGridExport(kind)
  const [report, setReport] = useState<GridImportOutcome | null>(null)
  const [preview, setPreview] = useState<{ file: File; outcome: GridImportOutcome } | null>(null)
  const offline = () => {
    if (navigator.onLine) return false
    Toast.show({ icon: 'fail', content: t`Import and export need a connection`, duration: toastMs })
    return true
  }
  const fail = (e: unknown) => Toast.show({ icon: 'fail', content: e instanceof Error ? e.message : t`Something went wrong`, duration: toastMs })

  const onFile = async (file: File | undefined) => {
    if (!file || offline()) return
    try {
      const outcome = await importing.mutateAsync({ file, step: { mode: 'preview' } })
      setPreview({ file, outcome })
    } catch (e) {
      fail(e)
    }
  }
  const onExport = async () => {
    if (offline()) return
    try {
      await exporting.mutateAsync(filter)
    } catch (e) {
      fail(e)
    }
  }

  return {
    tools: {
      import: { key: 'import', label: importing.isPending ? t`Importing…` : t`Import`, disabled: importing.isPending, onClick: () => input.current?.click() },
      export: { key: 'export', label: exporting.isPending ? t`Exporting…` : t`Export`, disabled: exporting.isPending, onClick: () => void onExport() },
    },
    element: (
      <>
        <input
          ref={input}
          type="file"
          accept={accept}
          hidden
          data-testid="grid-import-file"
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            void onFile(file)
          }}
        />
        <Suspense fallback={null}>
          {preview ? (
            <ImportPreview kind={kind} file={preview.file} outcome={preview.outcome} onRefused={setReport} onClose={() => setPreview(null)} />
          ) : null}
          {report ? <ImportReport outcome={report} onClose={() => setReport(null)} /> : null}
        </Suspense>
      </>
    ),
  }
}

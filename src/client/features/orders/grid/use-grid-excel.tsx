import { useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Toast } from '#client/components/feedback/toast'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { GridExportBody } from '#shared/contract/grid-excel'
import type { DownloadProgress } from '#client/lib/download-call'
import { useGridExport } from '../api/post-grid-export.ts'
import { useGridImport, type GridImportOutcome } from '../api/post-grid-import.ts'

// loaded when an import answers, not with the grid
const ImportPreview = lazy(() =>
  import('./import-preview.tsx').then((m) => ({ default: m.ImportPreview })),
)
// the export's progress sheet loads with the first export
const ExportProgress = lazy(() =>
  import('./export-progress.tsx').then((m) => ({ default: m.ExportProgress })),
)
const ImportReport = lazy(() =>
  import('./import-report.tsx').then((m) => ({ default: m.ImportReport })),
)

const toastMs = 3000
/** An export still running after this long shows its progress and a Cancel button. */
const exportProgressAfterMs = 1000
/** Bytes per row of the last finished export of each grid: the next one's share done is estimated from it. */
const bytesPerRowOf = new Map<string, number>()
const accept =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel'

/**
 * Toolbar Import and Export of a grid (SPEC §2): Import sends a chosen .xlsx or .xls to
 * `{kind}/Upload` for a preview (new, changed with their fields, unchanged, refused rows) and
 * applies that plan on confirmation (all rows or none; refused rows are listed). Export
 * downloads the rows of the current filter, showing how far it is (and a Cancel) once it has
 * taken a second. Both need the network.
 */
export function useGridExcel(kind: string, filter: GridExportBody) {
  const { t } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const importing = useGridImport(kind)
  const exporting = useGridExport(kind)
  const [report, setReport] = useState<GridImportOutcome | null>(null)
  const [preview, setPreview] = useState<{ file: File; outcome: GridImportOutcome } | null>(null)
  const [progress, setProgress] = useState<DownloadProgress | null>(null)
  const [showProgress, setShowProgress] = useState(false)
  const cancelExport = useRef<AbortController | null>(null)
  // leaving the grid stops its download
  useEffect(() => () => cancelExport.current?.abort(), [])
  const offline = () => {
    if (navigator.onLine) return false
    Toast.show({ icon: 'fail', content: t`Import and export need a connection`, duration: toastMs })
    return true
  }
  const fail = (e: unknown) =>
    Toast.show({ icon: 'fail', content: errorText(e, t`Something went wrong`), duration: toastMs })

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
    const controller = new AbortController()
    cancelExport.current = controller
    const timer = setTimeout(() => setShowProgress(true), exportProgressAfterMs)
    let last: DownloadProgress | undefined
    try {
      await exporting.mutateAsync({
        filter,
        signal: controller.signal,
        onProgress: (p) => {
          last = p
          setProgress(p)
        },
      })
      if (last?.rows) bytesPerRowOf.set(kind, last.bytes / last.rows)
    } catch (e) {
      if (controller.signal.aborted) Toast.show({ content: t`Export cancelled`, duration: toastMs })
      else fail(e)
    } finally {
      clearTimeout(timer)
      cancelExport.current = null
      setShowProgress(false)
      setProgress(null)
    }
  }

  return {
    tools: {
      import: {
        key: 'import',
        label: importing.isPending ? t`Importing…` : t`Import`,
        disabled: importing.isPending,
        onClick: () => input.current?.click(),
      },
      export: {
        key: 'export',
        label: exporting.isPending ? t`Exporting…` : t`Export`,
        disabled: exporting.isPending,
        onClick: () => void onExport(),
      },
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
        {showProgress && progress ? (
          <Suspense fallback={null}>
            <ExportProgress
              progress={progress}
              bytesPerRow={bytesPerRowOf.get(kind)}
              onCancel={() => cancelExport.current?.abort()}
            />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          {preview ? (
            <ImportPreview
              kind={kind}
              file={preview.file}
              outcome={preview.outcome}
              onRefused={setReport}
              onClose={() => setPreview(null)}
            />
          ) : null}
          {report ? <ImportReport outcome={report} onClose={() => setReport(null)} /> : null}
        </Suspense>
      </>
    ),
  }
}

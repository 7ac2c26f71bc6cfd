import { useLingui } from '@lingui/react/macro'
import { Button, ProgressBar } from 'antd-mobile'
import type { DownloadProgress } from '#client/lib/download-call'
import './export-progress.css'

/** Bytes as "0.4 MB" / "12.5 MB". */
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

/**
 * A long export in progress: the rows the file will hold (as the server counted them when the
 * export began), the megabytes received so far, and a Cancel button. The share done is estimated
 * from `bytesPerRow` (what earlier files of this grid took per row) when it is known.
 */
export function ExportProgress({
  progress,
  bytesPerRow,
  onCancel,
}: {
  progress: DownloadProgress
  bytesPerRow?: number
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const received = megabytes(progress.bytes)
  const rows = progress.rows === undefined ? undefined : i18n.number(progress.rows)
  const percent =
    progress.rows && bytesPerRow
      ? Math.min(99, Math.floor((progress.bytes / (progress.rows * bytesPerRow)) * 100))
      : undefined
  return (
    <div className="export-progress" role="status" data-testid="export-progress">
      <span className="export-progress-text">
        {rows === undefined
          ? t`Exporting… ${received} received`
          : t`Exporting ${rows} rows… ${received} received`}
        {percent === undefined ? null : ` (${t`about ${percent}%`})`}
      </span>
      {percent === undefined ? null : <ProgressBar percent={percent} />}
      <Button size="small" onClick={onCancel} data-testid="export-cancel">
        {t`Cancel`}
      </Button>
    </div>
  )
}

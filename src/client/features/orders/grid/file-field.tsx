import { useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Toast } from '#client/components/feedback/toast'
import { useRef, useState } from 'react'
import { acceptOf } from '#shared/contract/uploads'
import type { GridFile } from '#shared/contract/grid-files'
import { postUpload, postUploadFile } from '#client/components/upload/post-upload'
import { useUploadTypes } from '#client/components/upload/use-upload-types'
import type { GridColumn } from './grid-config.ts'
import './file-field.css'

type Props = {
  column: GridColumn
  value: unknown
  onChange: (next: GridFile[]) => void
  label: string
  error?: string
  id?: string
}

// kept apart from file-cell.tsx so that the grid's chunk and this one share no module
const filesOf = (v: unknown): GridFile[] => (Array.isArray(v) ? (v as GridFile[]) : [])
const isPreviewable = (url: string) => /\.(png|jpe?g|gif|webp)$/i.test(url)
const openViewer = (files: GridFile[], file: GridFile) => {
  const images = files.filter((f) => isPreviewable(f.url))
  void import('./image-viewer.ts').then((m) =>
    m.showImages(
      images.map((f) => f.url),
      Math.max(0, images.indexOf(file)),
    ),
  )
}

/** Phones and tablets (a touch screen) also get a button that opens the camera. */
const hasTouch = () => typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0

/**
 * The editor of a file cell, in the table row and the phone card form (SPEC §5 uploads): one
 * file per pick (never a multiple selection), up to the column's limit (the add button goes
 * when it is reached; the server refuses more too); a cell of one file is replaced by the next pick. Photo cells send pictures to `Upload` and
 * offer the camera on touch screens (`accept="image/*"` and `capture`); file cells send any
 * accepted type (the upload types setting) to `UploadFile`. The list changes when the record
 * is saved.
 */
export function FileField({ column, value, onChange, label, error, id }: Props) {
  const { t } = useLingui()
  const cell = column.files ?? { field: column.key, limit: 1, accept: 'file' as const }
  const types = useUploadTypes(cell.accept)
  const files = filesOf(value)
  const picker = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  /** the file a pick replaces (its index), or null to add one */
  const replaceAt = useRef<number | null>(null)
  const [percent, setPercent] = useState<number | null>(null)
  const images = cell.accept === 'image'

  const open = (at: number | null, input = picker) => {
    replaceAt.current = at
    input.current?.click()
  }
  const take = async (picked: File[]) => {
    // one file per pick: the input never allows a multiple selection
    const file = picked[0]
    if (!file) return
    const at = replaceAt.current ?? (cell.limit === 1 && files.length === 1 ? 0 : null)
    setPercent(0)
    try {
      const progress = (share: number) => setPercent(Math.round(share * 100))
      const r = images ? await postUpload(file, progress) : await postUploadFile(file, progress)
      const entry: GridFile = {
        name: r.name,
        url: r.url,
        ...(r.thumb !== r.url ? { thumb: r.thumb } : {}),
      }
      onChange(at === null ? [...files, entry] : files.map((f, i) => (i === at ? entry : f)))
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, t`The upload failed`), duration: 3000 })
    } finally {
      setPercent(null)
    }
  }
  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])]
    e.target.value = ''
    void take(picked)
  }
  const busy = percent !== null

  return (
    <div
      className={`grid-file-field${error ? ' has-error' : ''}`}
      role="group"
      aria-label={label}
      id={id}
      data-testid="file-field"
      title={error}
    >
      {files.map((f, i) => {
        const n = i + 1
        return (
          <figure key={`${f.url}-${i}`} data-testid="file-field-item">
            {isPreviewable(f.url) ? (
              <button
                type="button"
                className="grid-file-zoom"
                aria-label={t`View picture ${f.name}`}
                onClick={() => openViewer(files, f)}
              >
                <img
                  className="grid-file-image"
                  src={f.thumb || f.url}
                  alt={f.name}
                  width={150}
                  height={150}
                />
              </button>
            ) : (
              <a className="grid-file-link" href={f.url} download={f.name}>
                {f.name}
              </a>
            )}
            <span className="grid-file-actions">
              <button
                type="button"
                disabled={busy}
                onClick={() => open(i)}
                aria-label={t`Replace file ${n}`}
              >
                {t`Replace`}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={t`Remove file ${n}`}
                data-testid="file-field-remove"
              >
                {t`Remove`}
              </button>
            </span>
          </figure>
        )
      })}
      {files.length < cell.limit ? (
        <span className="grid-file-actions">
          {images && hasTouch() ? (
            <button
              type="button"
              className="grid-file-add"
              disabled={busy}
              onClick={() => open(null, camera)}
              data-testid="file-field-camera"
            >
              {t`Take photo`}
            </button>
          ) : null}
          <button
            type="button"
            className="grid-file-add"
            disabled={busy}
            onClick={() => open(null)}
            data-testid="file-field-add"
          >
            {busy ? `${percent}%` : images ? t`Add photo` : t`Add file`}
          </button>
        </span>
      ) : null}
      {busy ? (
        <span
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="visually-hidden"
        />
      ) : null}
      <input
        ref={picker}
        type="file"
        hidden
        accept={acceptOf(types)}
        onChange={onPick}
        data-testid="file-field-input"
      />
      {images ? (
        <input
          ref={camera}
          type="file"
          hidden
          accept="image/*"
          capture="environment"
          onChange={onPick}
          data-testid="file-field-camera-input"
        />
      ) : null}
    </div>
  )
}

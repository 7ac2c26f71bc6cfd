import { useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { DotLoading } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useRef, useState } from 'react'
import { acceptOf } from '#shared/contract/uploads'
import type { UploadedFile } from '../form/form-field.ts'
import { postUpload, postUploadFile, type UploadPath } from './post-upload.ts'
import { isPreviewable, uploadLimitMessage, uploadLimits } from './upload-limit.ts'
import { useUploadTypes } from './use-upload-types.ts'
import './upload.css'

export type Photo = UploadedFile

type Props = {
  value: Photo[]
  onChange: (next: Photo[]) => void
  /** most files (SPEC §9: photo 3, generic 1, simple 10) */
  limit?: number
  label: string
  /** the picker's types; by default the upload types setting (SPEC §5), its pictures for `photo` */
  accept?: string
  disabled?: boolean
  /** `photo`: picture cards; `file`: one line per file, pictures previewed, others as links */
  variant?: 'photo' | 'file'
  /** pictures can be moved and one chosen as the cover (the first) */
  sortable?: boolean
  /** where the pictures go: `Upload` (content and order screens) or `User/UploadAvatar`; a `file` list sends to `UploadFile` */
  endpoint?: UploadPath
}

const moveTo = (list: Photo[], from: number, to: number) => {
  const next = [...list]
  const [p] = next.splice(from, 1)
  next.splice(to, 0, p!)
  return next
}

/**
 * Photo upload (SPEC §2/§5): a picture-card list with remove buttons and an add card; up to
 * `limit` pictures (3 unless told), one file per pick (no multiple selection). Files that
 * would pass the limit (a drop, a script) say "current limit is N files, this selection has M
 * files, total K files" and upload nothing; uploading shows its state (idle -> uploading ->
 * idle, SPEC §4). The `file` variant (generic upload) takes any type of the setting (PDF,
 * Excel) through `UploadFile`, previews pictures up to 600 px wide and links other files.
 */
export function PhotoUpload({
  value,
  onChange,
  limit = uploadLimits.photo,
  label,
  accept,
  disabled = false,
  variant = 'photo',
  sortable = false,
  endpoint = 'Upload',
}: Props) {
  const { t } = useLingui()
  const types = useUploadTypes(variant === 'file' ? 'file' : 'image')
  const input = useRef<HTMLInputElement>(null)
  /** while uploading: which file of how many, and the share of it sent (SPEC §4 progress) */
  const [progress, setProgress] = useState<{ file: number; of: number; percent: number } | null>(
    null,
  )
  const busy = progress !== null

  const add = async (files: File[]) => {
    if (files.length === 0) return
    const tooMany = uploadLimitMessage(limit, value.length, files.length)
    if (tooMany) {
      Toast.show({ icon: 'fail', content: tooMany, duration: 3000 })
      return
    }
    const added: Photo[] = []
    try {
      for (const [i, f] of files.entries()) {
        setProgress({ file: i + 1, of: files.length, percent: 0 })
        const onShare = (share: number) =>
          setProgress({ file: i + 1, of: files.length, percent: Math.round(share * 100) })
        const r =
          variant === 'file' && endpoint === 'Upload'
            ? await postUploadFile(f, onShare)
            : await postUpload(f, onShare, endpoint)
        added.push({ url: r.url, thumb: r.thumb, name: r.name })
      }
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, t`The upload failed`), duration: 3000 })
    } finally {
      setProgress(null)
      if (added.length > 0) onChange([...value, ...added])
    }
  }

  return (
    <div
      className={`photo-upload is-${variant}`}
      role="group"
      aria-label={label}
      data-testid="photo-upload"
    >
      {value.map((p, i) => {
        const position = i + 1
        return (
          <figure
            key={`${p.url}-${i}`}
            className={`photo-card${sortable && i === 0 ? ' is-cover' : ''}`}
            data-testid="photo-card"
          >
            {isPreviewable(p.url) ? (
              <img
                src={variant === 'file' ? p.url : p.thumb || p.url}
                alt=""
                width={variant === 'file' ? 600 : 80}
                height={80}
              />
            ) : (
              <a href={p.url} download>
                {p.name || p.url.split('/').pop()}
              </a>
            )}
            {sortable && i === 0 ? (
              <figcaption className="photo-cover">{t`Cover`}</figcaption>
            ) : null}
            {sortable && !disabled && value.length > 1 ? (
              <span className="photo-order">
                {i > 0 ? (
                  <button
                    type="button"
                    aria-label={t`Move picture ${position} earlier`}
                    onClick={() => onChange(moveTo(value, i, i - 1))}
                  >
                    ‹
                  </button>
                ) : null}
                {i > 0 ? (
                  <button
                    type="button"
                    aria-label={t`Make picture ${position} the cover`}
                    onClick={() => onChange(moveTo(value, i, 0))}
                    data-testid="photo-make-cover"
                  >
                    ★
                  </button>
                ) : null}
                {i < value.length - 1 ? (
                  <button
                    type="button"
                    aria-label={t`Move picture ${position} later`}
                    onClick={() => onChange(moveTo(value, i, i + 1))}
                  >
                    ›
                  </button>
                ) : null}
              </span>
            ) : null}
            {disabled ? null : (
              <button
                type="button"
                className="photo-remove"
                aria-label={t`Remove picture ${position}`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                ×
              </button>
            )}
          </figure>
        )
      })}
      {value.length < limit && !disabled ? (
        <button
          type="button"
          className="photo-card photo-add"
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-label={t`Add pictures`}
        >
          {progress ? (
            <span
              className="photo-progress"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.percent}
            >
              <DotLoading />
              <small>
                {progress.of > 1
                  ? `${progress.file}/${progress.of} · ${progress.percent}%`
                  : `${progress.percent}%`}
              </small>
            </span>
          ) : (
            '+'
          )}
        </button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={accept ?? acceptOf(types)}
        hidden
        data-testid="photo-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])]
          e.target.value = ''
          void add(files)
        }}
      />
    </div>
  )
}

import { useLingui } from '@lingui/react/macro'
import { DotLoading, Toast } from 'antd-mobile'
import { useRef, useState } from 'react'
import { postUpload } from '../api/post-upload.ts'

export type Photo = { url: string; thumb?: string }

/** SPEC §5: picture types come from a setting; .jpg, .jpeg, .png by default. */
export const photoAccept = '.jpg,.jpeg,.png'

type Props = { value: Photo[]; onChange: (next: Photo[]) => void; limit?: number; label: string }

/**
 * Photo upload (SPEC §2/§5): a picture-card list with remove buttons and an add card; up to
 * `limit` pictures (3 unless told). Choosing too many says "current limit is N files, this
 * selection has M files, total K files" and uploads nothing; uploading shows its state.
 */
export function PhotoUpload({ value, onChange, limit = 3, label }: Props) {
  const { t } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const add = async (files: File[]) => {
    if (files.length === 0) return
    const total = value.length + files.length
    if (total > limit) {
      const picked = files.length
      Toast.show({
        icon: 'fail',
        content: t`The current limit is ${limit} files, this selection has ${picked} files, total ${total} files`,
        duration: 3000,
      })
      return
    }
    setBusy(true)
    const added: Photo[] = []
    try {
      for (const f of files) {
        const r = await postUpload(f)
        added.push({ url: r.url, thumb: r.thumb })
      }
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: e instanceof Error ? e.message : t`The upload failed`,
        duration: 3000,
      })
    } finally {
      setBusy(false)
      if (added.length > 0) onChange([...value, ...added])
    }
  }

  return (
    <div className="photo-upload" role="group" aria-label={label} data-testid="photo-upload">
      {value.map((p, i) => {
        const position = i + 1
        return (
          <figure key={`${p.url}-${i}`} className="photo-card">
            <img src={p.thumb || p.url} alt="" width={80} height={80} />
            <button
              type="button"
              aria-label={t`Remove picture ${position}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </figure>
        )
      })}
      {value.length < limit ? (
        <button
          type="button"
          className="photo-card photo-add"
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-label={t`Add pictures`}
        >
          {busy ? <DotLoading /> : '+'}
        </button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={photoAccept}
        multiple
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

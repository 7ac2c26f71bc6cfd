import { useLingui } from '@lingui/react/macro'
import type { GridFile } from '#shared/contract/grid-files'
import './file-cell.css'

/** SPEC §5: png, jpg, jpeg and gif (and webp) are previewed; other files are download links. */
export const isPreviewable = (url: string) => /\.(png|jpe?g|gif|webp)$/i.test(url)

/** Opens the pictures of a cell in the full-screen viewer at one of them. */
export function openViewer(files: GridFile[], file: GridFile) {
  const images = files.filter((f) => isPreviewable(f.url))
  void import('./image-viewer.ts').then((m) =>
    m.showImages(
      images.map((f) => f.url),
      Math.max(0, images.indexOf(file)),
    ),
  )
}

export const filesOf = (v: unknown): GridFile[] => (Array.isArray(v) ? (v as GridFile[]) : [])

/**
 * A file cell (SPEC §2 "file and image cells", §9 cell image preview 150 px): pictures shown
 * 150 px wide (their smallest variant), a click or tap opening the full-screen viewer with zoom;
 * other files as download links with their names. `compact`: small thumbnails that do nothing
 * (inside a phone card, which opens the record when tapped).
 */
export function FileCellView({ value, compact = false }: { value: unknown; compact?: boolean }) {
  const { t } = useLingui()
  const files = filesOf(value)
  if (files.length === 0) return null
  return (
    <span className={`grid-files${compact ? ' is-compact' : ''}`} data-testid="grid-files">
      {files.map((f) => {
        if (!isPreviewable(f.url)) {
          return compact ? (
            <span key={f.url}>{f.name}</span>
          ) : (
            <a
              key={f.url}
              className="grid-file-link"
              href={f.url}
              download={f.name}
              onClick={(e) => e.stopPropagation()}
            >
              {f.name}
            </a>
          )
        }
        const img = (
          <img
            key={f.url}
            className="grid-file-image"
            src={f.thumb || f.url}
            alt={f.name}
            width={150}
            height={150}
            loading="lazy"
          />
        )
        return compact ? (
          img
        ) : (
          <button
            key={f.url}
            type="button"
            className="grid-file-zoom"
            aria-label={t`View picture ${f.name}`}
            onClick={(e) => (e.stopPropagation(), openViewer(files, f))}
          >
            {img}
          </button>
        )
      })}
    </span>
  )
}

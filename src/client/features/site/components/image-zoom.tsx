import { Trans, useLingui } from '@lingui/react/macro'
import { forwardRef, useImperativeHandle, useRef, useState } from 'react'
import './image-zoom.css'

export type ImageZoomHandle = { open: (index: number) => void }

/**
 * Pictures full screen in a native `<dialog>` on a dark mask: swipe between them, pinch to zoom,
 * Esc or the Close button (top right, with its word) to close; "2 / 5" at the bottom, away from
 * the header and its logo. No gesture library, so public pages stay within a visitor's
 * first-load budget.
 */
export const ImageZoom = forwardRef<ImageZoomHandle, { urls: string[]; alt: string }>(
  function ImageZoom({ urls, alt }, ref) {
    const { t } = useLingui()
    const dialog = useRef<HTMLDialogElement>(null)
    const track = useRef<HTMLDivElement>(null)
    const [current, setCurrent] = useState(0)
    useImperativeHandle(ref, () => ({
      open(index) {
        dialog.current?.showModal()
        setCurrent(index)
        if (track.current) track.current.scrollLeft = index * track.current.clientWidth
      },
    }))
    const onScroll = (e: React.UIEvent<HTMLDivElement>) =>
      setCurrent(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))
    return (
      <dialog
        ref={dialog}
        className="image-zoom"
        aria-label={t`Pictures`}
        onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
      >
        <div
          className="image-zoom-track"
          ref={track}
          onScroll={onScroll}
          tabIndex={0}
          aria-label={alt}
        >
          {urls.map((url, i) => (
            <img key={`${url}-${i}`} src={url} alt={alt} loading="lazy" />
          ))}
        </div>
        {urls.length > 1 && (
          <p className="image-zoom-counter" aria-live="polite" data-testid="image-zoom-counter">
            {Math.min(current, urls.length - 1) + 1} / {urls.length}
          </p>
        )}
        <button
          type="button"
          className="image-zoom-close"
          aria-label={t`Close`}
          onClick={() => dialog.current?.close()}
        >
          × <Trans>Close</Trans>
        </button>
      </dialog>
    )
  },
)

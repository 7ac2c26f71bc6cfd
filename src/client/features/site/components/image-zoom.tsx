import { useLingui } from '@lingui/react/macro'
import { forwardRef, useImperativeHandle, useRef } from 'react'
import './image-zoom.css'

export type ImageZoomHandle = { open: (index: number) => void }

/**
 * Pictures full screen in a native `<dialog>`: swipe between them, pinch to zoom, Esc or ×
 * to close. No gesture library, so public pages stay within a visitor's first-load budget.
 */
export const ImageZoom = forwardRef<ImageZoomHandle, { urls: string[]; alt: string }>(function ImageZoom({ urls, alt }, ref) {
  const { t } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const track = useRef<HTMLDivElement>(null)
  useImperativeHandle(ref, () => ({
    open(index) {
      dialog.current?.showModal()
      if (track.current) track.current.scrollLeft = index * track.current.clientWidth
    },
  }))
  return (
    <dialog ref={dialog} className="image-zoom" onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}>
      <div className="image-zoom-track" ref={track} tabIndex={0} aria-label={alt}>
        {urls.map((url, i) => (
          <img key={`${url}-${i}`} src={url} alt={alt} loading="lazy" />
        ))}
      </div>
      <button type="button" className="image-zoom-close" aria-label={t`Close`} onClick={() => dialog.current?.close()}>
        ×
      </button>
    </dialog>
  )
})

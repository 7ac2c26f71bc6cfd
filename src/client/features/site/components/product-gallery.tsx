import { useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import './product-detail.css'

/**
 * Product pictures: native scroll-snap swiping with dots; a tap opens them full screen in a
 * `<dialog>` (swipe between them, pinch to zoom, Esc or × to close). No gesture library, so
 * the product page stays within a visitor's first-load budget.
 */
export function ProductGallery({ urls, alt }: { urls: string[]; alt: string }) {
  const { t } = useLingui()
  const [current, setCurrent] = useState(0)
  const zoom = useRef<HTMLDialogElement>(null)
  const zoomTrack = useRef<HTMLDivElement>(null)
  const onScroll = (e: React.UIEvent<HTMLDivElement>) =>
    setCurrent(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))
  const open = (i: number) => {
    zoom.current?.showModal()
    const track = zoomTrack.current
    if (track) track.scrollLeft = i * track.clientWidth
  }
  return (
    <div className="product-gallery">
      <div className="product-gallery-track" onScroll={onScroll}>
        {urls.map((url, i) => (
          <button key={url} type="button" className="product-gallery-item" aria-label={t`Zoom image ${i + 1}`} onClick={() => open(i)}>
            <img src={url} alt={alt} width={800} height={800} loading={i === 0 ? 'eager' : 'lazy'} />
          </button>
        ))}
      </div>
      {urls.length > 1 && (
        <div className="product-gallery-dots" aria-hidden="true">
          {urls.map((url, i) => (
            <span key={url} className={i === current ? 'is-current' : undefined} />
          ))}
        </div>
      )}
      <dialog ref={zoom} className="image-zoom" onClick={(e) => e.target === e.currentTarget && zoom.current?.close()}>
        <div className="image-zoom-track" ref={zoomTrack}>
          {urls.map((url) => (
            <img key={url} src={url} alt={alt} loading="lazy" />
          ))}
        </div>
        <button type="button" className="image-zoom-close" aria-label={t`Close`} onClick={() => zoom.current?.close()}>
          ×
        </button>
      </dialog>
    </div>
  )
}

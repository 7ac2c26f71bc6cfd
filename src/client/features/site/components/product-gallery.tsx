import { useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { ImageZoom, type ImageZoomHandle } from './image-zoom.tsx'
import './product-detail.css'

/**
 * Product pictures: native scroll-snap swiping with dots; a tap opens them full screen in a
 * `<dialog>` (swipe between them, pinch to zoom, Esc or × to close). No gesture library, so
 * the product page stays within a visitor's first-load budget.
 */
export function ProductGallery({ urls, alt }: { urls: string[]; alt: string }) {
  const { t } = useLingui()
  const [current, setCurrent] = useState(0)
  const zoom = useRef<ImageZoomHandle>(null)
  const onScroll = (e: React.UIEvent<HTMLDivElement>) =>
    setCurrent(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))
  const open = (i: number) => zoom.current?.open(i)
  return (
    <div className="product-gallery">
      <div className="product-gallery-track" onScroll={onScroll}>
        {urls.map((url, i) => (
          <button
            key={url}
            type="button"
            className="product-gallery-item"
            aria-label={t`Zoom image ${i + 1}`}
            onClick={() => open(i)}
          >
            <img
              src={url}
              alt={alt}
              width={800}
              height={800}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
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
      <ImageZoom ref={zoom} urls={urls} alt={alt} />
    </div>
  )
}

import { useLingui } from '@lingui/react/macro'
import { useRef } from 'react'
import { ImageZoom, type ImageZoomHandle } from './image-zoom.tsx'
import './gallery.css'

/** More pictures of a news or equipment item: thumbnails that open a zoomable viewer. */
export function Gallery({ images }: { images: { url: string }[] }) {
  const { t } = useLingui()
  const zoom = useRef<ImageZoomHandle>(null)
  if (images.length === 0) return null
  const urls = images.map((i) => i.url)
  return (
    <>
      <ul className="item-gallery">
        {urls.map((url, i) => (
          <li key={`${url}-${i}`}>
            <button
              type="button"
              aria-label={t`Zoom image ${i + 1}`}
              onClick={() => zoom.current?.open(i)}
            >
              <img src={url} alt="" width={160} height={120} loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      <ImageZoom ref={zoom} urls={urls} alt="" />
    </>
  )
}

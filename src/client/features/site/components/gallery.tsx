import { useLingui } from '@lingui/react/macro'
import { ImageViewer } from 'antd-mobile'

/** More pictures of a news or equipment item: thumbnails that open a zoomable viewer. */
export function Gallery({ images }: { images: { url: string }[] }) {
  const { t } = useLingui()
  if (images.length === 0) return null
  const urls = images.map((i) => i.url)
  return (
    <ul className="item-gallery">
      {images.map((img, i) => (
        <li key={`${img.url}-${i}`}>
          <button type="button" aria-label={t`Zoom image ${i + 1}`} onClick={() => ImageViewer.Multi.show({ images: urls, defaultIndex: i })}>
            <img src={img.url} alt="" width={160} height={120} loading="lazy" decoding="async" />
          </button>
        </li>
      ))}
    </ul>
  )
}

import { SiteLink } from './site-link.tsx'
import type { ProductSummary } from '#shared/contract/content'
import { usePick, usePickedLang } from '#client/lib/locale-store'

/** `eager`: the card is in the first screenful (its picture may be the page's largest paint). */
export function ProductCard({
  product: p,
  eager = false,
}: {
  product: ProductSummary
  eager?: boolean
}) {
  const pick = usePick()
  const langOf = usePickedLang()
  return (
    <SiteLink to="/prodetail" search={{ id: p.Id }} className="product-card">
      <img
        src={p.Image}
        alt=""
        width={320}
        height={320}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <span className="product-card-title" lang={langOf(p.TitleEn)}>
        {pick(p.Title, p.TitleEn)}
      </span>
      <span className="product-card-part">{p.PartNo}</span>
    </SiteLink>
  )
}

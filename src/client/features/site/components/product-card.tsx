import { Link } from '@tanstack/react-router'
import type { ProductSummary } from '#shared/contract/content'
import { usePick } from '#client/lib/locale-store'

export function ProductCard({ product: p }: { product: ProductSummary }) {
  const pick = usePick()
  return (
    <Link to="/prodetail" search={{ id: p.Id }} className="product-card">
      <img src={p.Image} alt="" width={320} height={320} loading="lazy" decoding="async" />
      <span className="product-card-title">{pick(p.Title, p.TitleEn)}</span>
      <span className="product-card-part">{p.PartNo}</span>
    </Link>
  )
}

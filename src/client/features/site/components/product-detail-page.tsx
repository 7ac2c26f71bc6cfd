import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { usePick, usePickedLang } from '#client/lib/locale-store'
import { usePageHead } from '#client/lib/page-title'
import { useProduct } from '../api/get-product.ts'
import { RichText } from './rich-text.tsx'
import { ProductGallery } from './product-gallery.tsx'
import { SiteNotFound } from './site-not-found.tsx'
import './page-text.css'
import './product-detail.css'

function NotFound() {
  return (
    <SiteNotFound
      testId="product-not-found"
      title={<Trans>Product not found</Trans>}
      description={<Trans>This product does not exist or is no longer offered.</Trans>}
      back={
        <Link to="/products" className="more-link">
          <Trans>Back to the product centre</Trans>
        </Link>
      }
    />
  )
}

/** `/prodetail?id=`: gallery with zoom, title, part number, summary, specifications, body. */
export function ProductDetailPage({ id }: { id: number }) {
  const { data: p } = useProduct(id)
  const pick = usePick()
  const langOf = usePickedLang()
  usePageHead(
    p ? pick(p.Title, p.TitleEn) : undefined,
    p ? pick(p.Summary, p.SummaryEn) : undefined,
  )
  if (!p) return <NotFound />
  return (
    <article className="page product-detail">
      <Link to="/products" search={{ sort: p.CategoryId }} className="back-link">
        ‹ {pick(p.CategoryTitle, p.CategoryTitleEn)}
      </Link>
      <div className="product-detail-main">
        <ProductGallery urls={p.Images.map((i) => i.url)} alt={pick(p.Title, p.TitleEn)} />
        <div className="product-info">
          <h1 lang={langOf(p.TitleEn)}>{pick(p.Title, p.TitleEn)}</h1>
          <p className="product-part">
            <Trans>Part number</Trans>: <strong>{p.PartNo}</strong>
          </p>
          <p className="product-summary" lang={langOf(p.SummaryEn)}>
            {pick(p.Summary, p.SummaryEn)}
          </p>
          {p.Specs.length > 0 && (
            <table className="spec-table">
              <caption>
                <Trans>Specifications</Trans>
              </caption>
              <tbody>
                {p.Specs.map((s, i) => (
                  <tr key={`${i}-${s.Name}`}>
                    <th scope="row">{pick(s.Name, s.NameEn)}</th>
                    <td>{pick(s.Value, s.ValueEn)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
      <section className="product-body">
        <RichText html={pick(p.BodyHtml, p.BodyEnHtml)} />
      </section>
      <Link
        to="/contactus"
        search={{ quote: p.Id }}
        className="cta-link"
        data-testid="ask-quotation"
      >
        <Trans>Ask for a quotation</Trans>
      </Link>
    </article>
  )
}

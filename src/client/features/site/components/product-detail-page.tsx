import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ErrorBlock, ImageViewer, Swiper } from 'antd-mobile'
import { usePick } from '#client/lib/locale-store'
import { usePageHead } from '#client/lib/page-title'
import { useProduct } from '../api/get-product.ts'
import { RichText } from './rich-text.tsx'
import './site-pages.css'

function NotFound() {
  return (
    <div className="page" data-testid="product-not-found">
      <ErrorBlock
        status="empty"
        title={<Trans>Product not found</Trans>}
        description={<Trans>This product does not exist or is no longer offered.</Trans>}
      />
      <Link to="/products" className="more-link">
        <Trans>Back to the product centre</Trans>
      </Link>
    </div>
  )
}

/** `/prodetail?id=`: gallery with zoom, title, part number, summary, specifications, body. */
export function ProductDetailPage({ id }: { id: number }) {
  const { data: p } = useProduct(id)
  const pick = usePick()
  const { t } = useLingui()
  usePageHead(p ? pick(p.Title, p.TitleEn) : undefined, p ? pick(p.Summary, p.SummaryEn) : undefined)
  if (!p) return <NotFound />
  const urls = p.Images.map((i) => i.url)
  return (
    <article className="page product-detail">
      <Link to="/products" search={{ sort: p.CategoryId }} className="back-link">
        ‹ {pick(p.CategoryTitle, p.CategoryTitleEn)}
      </Link>
      <div className="product-detail-main">
        <div className="product-gallery">
          <Swiper indicatorProps={{ color: 'primary' }}>
            {p.Images.map((img, i) => (
              <Swiper.Item key={img.url}>
                <button
                  type="button"
                  className="product-gallery-item"
                  aria-label={t`Zoom image ${i + 1}`}
                  onClick={() => ImageViewer.Multi.show({ images: urls, defaultIndex: i })}
                >
                  <img src={img.url} alt={pick(p.Title, p.TitleEn)} width={800} height={800} loading={i === 0 ? 'eager' : 'lazy'} />
                </button>
              </Swiper.Item>
            ))}
          </Swiper>
        </div>
        <div className="product-info">
          <h1>{pick(p.Title, p.TitleEn)}</h1>
          <p className="product-part">
            <Trans>Part number</Trans>: <strong>{p.PartNo}</strong>
          </p>
          <p className="product-summary">{pick(p.Summary, p.SummaryEn)}</p>
          {p.Specs.length > 0 && (
            <table className="spec-table">
              <caption><Trans>Specifications</Trans></caption>
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
        <RichText text={pick(p.Body, p.BodyEn)} />
      </section>
      <Link to="/contactus" search={{ quote: p.Id }} className="cta-link" data-testid="ask-quotation">
        <Trans>Ask for a quotation</Trans>
      </Link>
    </article>
  )
}

import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { usePick } from '#client/lib/locale-store'
import { useAbout } from '../api/get-about.ts'
import { useCarousel } from '../api/get-carousel.ts'
import { useCategories } from '../api/get-categories.ts'
import { useFeaturedProducts } from '../api/get-featured-products.ts'
import { useNewsList } from '../api/get-news-list.ts'
import { categoryImage } from './category-image.tsx'
import { NewsCard } from './news-card.tsx'
import { ProductCard } from './product-card.tsx'
import { firstParagraph } from './paragraphs.tsx'
import { SiteLink } from './site-link.tsx'
import { SlideCarousel } from './slide-carousel.tsx'

/** `/index`: carousel, introduction, categories, featured products, latest news. */
export function HomePage() {
  const pick = usePick()
  const { data: slides } = useCarousel()
  const { data: about } = useAbout()
  const { data: categories } = useCategories()
  const { data: featured } = useFeaturedProducts()
  const { data: news } = useNewsList(1, 3)
  return (
    <div className="home">
      <SlideCarousel slides={slides} />
      <section className="section home-intro">
        <h1>
          <Trans>Precision forgings for the automotive industry</Trans>
        </h1>
        <p>{firstParagraph(pick(about.Body, about.BodyEn))}</p>
        <Link to="/aboutus" className="more-link">
          <Trans>More about us</Trans>
        </Link>
      </section>
      <section className="section">
        <h2>
          <Trans>Product categories</Trans>
        </h2>
        <ul className="category-grid">
          {categories.map((c) => (
            <li key={c.Id}>
              <SiteLink to="/products" search={{ sort: c.Id }}>
                <img
                  src={categoryImage(c)}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                />
                <span>{pick(c.Title, c.TitleEn)}</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </section>
      <section className="section">
        <h2>
          <Trans>Featured products</Trans>
        </h2>
        <ul className="product-grid">
          {featured.map((p) => (
            <li key={p.Id}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
        <Link to="/products" className="more-link">
          <Trans>All products</Trans>
        </Link>
      </section>
      <section className="section">
        <h2>
          <Trans>Latest news</Trans>
        </h2>
        <ul className="news-list">
          {news.result.map((n) => (
            <li key={n.Id}>
              <NewsCard news={n} />
            </li>
          ))}
        </ul>
        <Link to="/news" className="more-link">
          <Trans>All news</Trans>
        </Link>
      </section>
    </div>
  )
}

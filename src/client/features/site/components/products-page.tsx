import { Trans, useLingui } from '@lingui/react/macro'
import { usePick } from '#client/lib/locale-store'
import { usePageHead } from '#client/lib/page-title'
import { useCategories } from '../api/get-categories.ts'
import { useProducts } from '../api/get-products.ts'
import { categoryImage } from './category-image.tsx'
import { ProductCard } from './product-card.tsx'
import { SiteLink } from './site-link.tsx'
import { LoadMore } from './load-more.tsx'
import './load-more.css'
import './products-page.css'

/** `/products?sort=`: category navigation and the products of the chosen category (all without sort). */
export function ProductsPage({ sort, keyword }: { sort: number | undefined; keyword?: string }) {
  const pick = usePick()
  const { t } = useLingui()
  const { data: categories } = useCategories()
  const products = useProducts(sort, keyword)
  const current = categories.find((c) => c.Id === sort)
  const items = products.data.pages.flatMap((p) => p.result)
  const found = keyword ? t`Products matching “${keyword}”` : undefined
  // a category's page is named after it, as the server names it (src/server/modules/seo)
  usePageHead(found ?? (current ? pick(current.Title, current.TitleEn) : undefined))
  return (
    <div className="page products">
      <h1>
        {found ?? (current ? pick(current.Title, current.TitleEn) : <Trans>Product centre</Trans>)}
      </h1>
      <nav className="category-tabs" aria-label="categories">
        <SiteLink
          to="/products"
          className={sort === undefined && !keyword ? 'active' : ''}
          aria-current={sort === undefined && !keyword ? 'page' : undefined}
        >
          <span className="category-tab-all">
            <Trans>All</Trans>
          </span>
        </SiteLink>
        {categories.map((c) => (
          <SiteLink
            key={c.Id}
            to="/products"
            search={{ sort: c.Id }}
            className={sort === c.Id ? 'active' : ''}
            aria-current={sort === c.Id ? 'page' : undefined}
          >
            <img src={categoryImage(c)} alt="" width={40} height={40} />
            <span>{pick(c.Title, c.TitleEn)}</span>
          </SiteLink>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="empty-state">
          {keyword ? (
            <Trans>No product matches this search</Trans>
          ) : (
            <Trans>No products in this category yet</Trans>
          )}
        </p>
      ) : (
        <ul className="product-grid" data-testid="product-list">
          {items.map((p, i) => (
            <li key={p.Id}>
              <ProductCard product={p} eager={i < 4} />
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <LoadMore
          hasMore={products.hasNextPage}
          loading={products.isFetchingNextPage}
          onMore={() => {
            if (!products.isFetchingNextPage) void products.fetchNextPage()
          }}
        />
      )}
    </div>
  )
}

import { useLingui } from '@lingui/react/macro'
import { Popup } from 'antd-mobile'
import { useState } from 'react'
import { PageError } from '#client/components/feedback/page-error'
import { useAdminCategories } from '../api/get-admin-categories.ts'
import { useAdminProducts } from '../api/get-admin-products.ts'
import { CategoriesPanel } from './categories-panel.tsx'
import { ProductForm } from './product-form.tsx'
import './content.css'

const pageSize = 20

/** /admin/pro/promanage: products and their categories, on two tabs. */
export function ProductsAdminPage() {
  const { t } = useLingui()
  const [tab, setTab] = useState<'products' | 'categories'>('products')
  return (
    <section className="content-page" data-testid="products-admin">
      <h1>{t`Products`}</h1>
      <div className="content-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'products'} onClick={() => setTab('products')} data-testid="tab-products">
          {t`Products`}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'categories'} onClick={() => setTab('categories')} data-testid="tab-categories">
          {t`Categories`}
        </button>
      </div>
      {tab === 'products' ? <ProductsPanel /> : <CategoriesPanel />}
    </section>
  )
}

/** Products (unpublished too), searched, filtered by category, flagged when English is missing, paged; tap to edit. */
function ProductsPanel() {
  const { t, i18n } = useLingui()
  const categories = useAdminCategories()
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined)
  const [keyword, setKeyword] = useState('')
  const [missingEn, setMissingEn] = useState(false)
  const [pageIndex, setPageIndex] = useState(1)
  const [editing, setEditing] = useState<number | null>(null)
  const list = useAdminProducts({ pageIndex, pageSize, keyword: keyword || undefined, ...(missingEn ? { missingEn: true } : {}), ...(categoryId ? { categoryId } : {}) })
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))
  const product = list.data?.result.find((p) => p.Id === editing)

  if (list.isError && !list.data) return <PageError error={list.error} reset={() => void list.refetch()} />
  return (
    <div>
      <div className="content-filters">
        <input
          type="search"
          className="grid-input content-search"
          placeholder={t`Name or part number`}
          aria-label={t`Search`}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setKeyword(e.currentTarget.value.trim())
              setPageIndex(1)
            }
          }}
        />
        <select
          className="grid-input"
          aria-label={t`Category`}
          value={categoryId ?? ''}
          onChange={(e) => (setCategoryId(e.target.value ? Number(e.target.value) : undefined), setPageIndex(1))}
          data-testid="product-category-filter"
        >
          <option value="">{t`All categories`}</option>
          {categories.data?.map((c) => (
            <option key={c.Id} value={c.Id}>
              {i18n.locale === 'en' ? c.TitleEn || c.Title : c.Title}
            </option>
          ))}
        </select>
        <button type="button" aria-pressed={missingEn} onClick={() => (setMissingEn((m) => !m), setPageIndex(1))}>
          {t`English missing`}
        </button>
      </div>
      {list.isPending ? <p className="content-state">{t`Loading…`}</p> : null}
      <ul className="content-cards">
        {list.data?.result.map((p) => (
          <li key={p.Id}>
            <button type="button" className="content-card product-row" onClick={() => setEditing(p.Id)} data-testid="admin-product" data-id={p.Id}>
              <img src={p.Images[0]?.thumb || p.Images[0]?.url} alt="" width={64} height={64} loading="lazy" />
              <span>
                <strong>{p.Title}</strong>
                <small>{p.TitleEn || t`English missing`}</small>
                <small>
                  {p.PartNo} · {i18n.locale === 'en' ? p.CategoryTitleEn || p.CategoryTitle : p.CategoryTitle}
                  {p.Published ? '' : ` · ${t`Not published`}`}
                </small>
              </span>
              {p.MissingEn.length > 0 ? <span className="content-flag">{t`English missing`}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <nav className="content-pager" aria-label={t`Pages`}>
        <button type="button" disabled={pageIndex <= 1} onClick={() => setPageIndex((p) => p - 1)}>{t`Previous`}</button>
        <span>{t`Page ${pageIndex} of ${pages}`}</span>
        <button type="button" disabled={pageIndex >= pages} onClick={() => setPageIndex((p) => p + 1)}>{t`Next`}</button>
      </nav>
      <Popup visible={product !== undefined} onMaskClick={() => setEditing(null)} position="right" bodyClassName="grid-form-popup" destroyOnClose>
        {product ? <ProductForm key={product.Id} product={product} onDone={() => setEditing(null)} /> : null}
      </Popup>
    </div>
  )
}

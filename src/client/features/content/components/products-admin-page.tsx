import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { AdminProduct } from '#shared/contract/content-admin'
import { ItemListPage } from '#client/components/item-editor/item-list-page'
import { SearchBox } from '#client/components/item-editor/search-box'
import { useAdminCategories } from '../api/get-admin-categories.ts'
import { adminProductsKey, useAdminProducts } from '../api/get-admin-products.ts'
import { useContentEditor } from '../api/use-content-editor.ts'
import { CategoriesPanel } from './categories-panel.tsx'
import { toRecord } from './form-values.ts'
import { productFields, productValues } from './product-fields.ts'
import './content.css'
import { withRichTextHelp } from './rich-text-help.tsx'

const pageSize = 20

/** /admin/pro/promanage: products and their categories, on two tabs. */
export function ProductsAdminPage() {
  const { t } = useLingui()
  const [tab, setTab] = useState<'products' | 'categories'>('products')
  return (
    <section className="content-page" data-testid="products-admin">
      <h1>{t`Products`}</h1>
      <div className="content-tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'products'}
          onClick={() => setTab('products')}
          data-testid="tab-products"
        >
          {t`Products`}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'categories'}
          onClick={() => setTab('categories')}
          data-testid="tab-categories"
        >
          {t`Categories`}
        </button>
      </div>
      {tab === 'products' ? <ProductsPanel /> : <CategoriesPanel />}
    </section>
  )
}

/**
 * Products (unpublished too): search, category filter, "English missing" filter, paging; add,
 * edit every field, publish, feature, remove; reorder within a chosen category.
 */
function ProductsPanel() {
  const { t, i18n } = useLingui()
  const categories = useAdminCategories()
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined)
  const [keyword, setKeyword] = useState('')
  const [missingEn, setMissingEn] = useState(false)
  const [pageIndex, setPageIndex] = useState(1)
  const list = useAdminProducts({
    pageIndex,
    pageSize,
    keyword: keyword || undefined,
    ...(missingEn ? { missingEn: true } : {}),
    ...(categoryId ? { categoryId } : {}),
  })
  const editor = useContentEditor('SaveProduct', adminProductsKey)
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))
  const pick = (zh: string, en: string) => (i18n.locale === 'en' ? en || zh : zh)

  const filters = (
    <>
      <SearchBox
        placeholder={t`Name or part number`}
        onSearch={(k) => (setKeyword(k), setPageIndex(1))}
      />
      <select
        className="grid-input"
        aria-label={t`Category`}
        value={categoryId ?? ''}
        onChange={(e) => (
          setCategoryId(e.target.value ? Number(e.target.value) : undefined),
          setPageIndex(1)
        )}
        data-testid="product-category-filter"
      >
        <option value="">{t`All categories`}</option>
        {categories.data?.map((c) => (
          <option key={c.Id} value={c.Id}>
            {pick(c.Title, c.TitleEn)}
          </option>
        ))}
      </select>
      <button
        type="button"
        aria-pressed={missingEn}
        onClick={() => (setMissingEn((m) => !m), setPageIndex(1))}
        data-testid="product-missing-en"
      >
        {t`English missing`}
      </button>
    </>
  )

  return (
    <ItemListPage<AdminProduct>
      history="Product"
      name="product"
      labels={[t`Add product`, t`Edit product`]}
      items={list.data?.result}
      query={list}
      {...editor}
      // order is kept per category: arrows only while one category is shown and nothing is searched
      reorder={categoryId !== undefined && !keyword && !missingEn}
      filters={filters}
      pager={{ pageIndex, pages, setPageIndex }}
      row={(p) => ({
        image: p.Images[0]?.thumb || p.Images[0]?.url,
        title: pick(p.Title, p.TitleEn),
        subtitle: i18n.locale === 'en' ? p.Title : p.TitleEn,
        meta: [
          p.PartNo,
          pick(p.CategoryTitle, p.CategoryTitleEn),
          p.Published ? '' : t`Not published`,
          p.Featured ? t`Featured` : '',
        ]
          .filter(Boolean)
          .join(' · '),
        missingEnglish: p.MissingEn.length > 0,
        off: !p.Published,
      })}
      fields={withRichTextHelp(productFields(categories.data ?? []))}
      initial={(p) => productValues(p, categoryId)}
      record={(v) =>
        toRecord(v, { numbers: ['CategoryId', 'Sort'], flags: ['Published', 'Featured'] })
      }
    />
  )
}

import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Category } from '#shared/contract/content'
import { contentPermission } from '#shared/permissions'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { PageError } from '#client/components/feedback/page-error'
import { useCan } from '#client/features/auth/components/permission'
import { adminCategoriesKey, useAdminCategories } from '../api/get-admin-categories.ts'
import { adminProductsKey } from '../api/get-admin-products.ts'
import { useContentSave } from '../api/post-content-save.ts'
import { useTranslator } from '../api/post-translate.ts'
import { lacksEnglish, toRecord } from './form-values.ts'
import { ItemSheet, recordSaves } from './item-sheet.tsx'

type Editing = number | 'new' | null

/** Product categories (SPEC §3: Title, TitleEn, image, order) inside product management. */
export function CategoriesPanel() {
  const { t } = useLingui()
  const [editing, setEditing] = useState<Editing>(null)
  const list = useAdminCategories()
  const canEdit = useCan()(contentPermission)
  const translate = useTranslator()
  const { save } = useContentSave('SaveCategory', [adminCategoriesKey, adminProductsKey, ['site']])
  const item: Category | undefined = typeof editing === 'number' ? list.data?.find((c) => c.Id === editing) : undefined
  const nextSort = Math.max(0, ...(list.data ?? []).map((c) => c.Sort)) + 10

  const fields: FieldDef[] = [
    { name: 'Title', label: t`Name (Chinese)`, type: 'text', max: 50, translateTo: 'TitleEn' },
    { name: 'TitleEn', label: t`Name (English)`, type: 'text', max: 100, optional: true, englishOf: 'Title' },
    { name: 'ImgUrl', label: t`Picture`, type: 'photo', limit: 1, optional: true },
    { name: 'Sort', label: t`Sort order`, type: 'number', max: 7 },
  ]
  const initial: FormValues = item
    ? { Title: item.Title, TitleEn: item.TitleEn, ImgUrl: item.ImgUrl, Sort: String(item.Sort) }
    : { Title: '', TitleEn: '', ImgUrl: [], Sort: String(nextSort) }
  const record = (v: FormValues) => {
    const r = toRecord(v, { numbers: ['Sort'] })
    if (Array.isArray(r.ImgUrl)) r.ImgUrl = (r.ImgUrl as { url: string }[]).map(({ url }) => ({ url }))
    return r
  }

  if (list.isError && !list.data) return <PageError error={list.error} reset={() => void list.refetch()} />
  return (
    <div data-testid="categories-admin">
      {canEdit ? (
        <div className="content-filters">
          <button type="button" className="is-primary" onClick={() => setEditing('new')} data-testid="category-add">
            {t`Add category`}
          </button>
        </div>
      ) : null}
      {list.isPending ? <p className="content-state">{t`Loading…`}</p> : null}
      <ul className="content-cards">
        {list.data?.map((c) => (
          <li key={c.Id}>
            <button type="button" className="content-card product-row" onClick={() => setEditing(c.Id)} data-testid="admin-category" data-id={c.Id}>
              {c.ImgUrl[0] ? <img src={c.ImgUrl[0].url} alt="" width={64} height={64} loading="lazy" /> : <span className="row-noimage" />}
              <span>
                <strong>{c.Title}</strong>
                <small>{c.TitleEn || '—'}</small>
                <small>{t`Order: ${c.Sort}`}</small>
              </span>
              {lacksEnglish(c.Title, c.TitleEn) ? <span className="content-flag">{t`English missing`}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <ItemSheet
        open={editing === 'new' || item !== undefined}
        title={item ? t`Edit category` : t`Add category`}
        testId="category-form"
        fields={fields}
        initial={initial}
        readOnly={!canEdit}
        translate={translate}
        onClose={() => setEditing(null)}
        {...recordSaves(item, save, record)}
      />
    </div>
  )
}

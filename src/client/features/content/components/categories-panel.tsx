import { useLingui } from '@lingui/react/macro'
import type { Category } from '#shared/contract/content'
import type { FormValues } from '#client/components/form/form-field'
import { ItemListPage } from '#client/components/item-editor/item-list-page'
import { adminCategoriesKey, useAdminCategories } from '../api/get-admin-categories.ts'
import { useContentEditor } from '../api/use-content-editor.ts'
import { lacksEnglish, nextSort, toRecord } from './form-values.ts'
import { MoveProducts } from './move-products.tsx'
import { atBase } from '#client/lib/base-url'
import { categoryFields } from './content-fields.ts'

/** SPEC §2: a category without a picture shows the default image. */
export const defaultCategoryImage = atBase('/images/default-category.webp')

/** Product categories (SPEC §3: Title, TitleEn, image, order) inside product management. */
export function CategoriesPanel() {
  const { t, i18n } = useLingui()
  const list = useAdminCategories()
  const editor = useContentEditor('SaveCategory', adminCategoriesKey)
  return (
    <ItemListPage<Category>
      history="Category"
      name="category"
      labels={[t`Add category`, t`Edit category`]}
      items={list.data}
      query={list}
      {...editor}
      reorder
      row={(c) => ({
        image: c.ImgUrl[0]?.url ?? defaultCategoryImage,
        title: i18n.locale === 'en' ? c.TitleEn || c.Title : c.Title,
        subtitle: i18n.locale === 'en' ? c.Title : c.TitleEn,
        meta: t`Order: ${c.Sort}`,
        missingEnglish: lacksEnglish(c.Title, c.TitleEn),
      })}
      fields={categoryFields()}
      initial={(c): FormValues =>
        c
          ? { Title: c.Title, TitleEn: c.TitleEn, ImgUrl: c.ImgUrl, Sort: String(c.Sort) }
          : { Title: '', TitleEn: '', ImgUrl: [], Sort: String(nextSort(list.data)) }
      }
      record={(v) => {
        const r = toRecord(v, { numbers: ['Sort'] })
        if (Array.isArray(r.ImgUrl))
          r.ImgUrl = (r.ImgUrl as { url: string }[]).map(({ url }) => ({ url }))
        return r
      }}
      extra={(c, close) => (
        <MoveProducts category={c} categories={list.data ?? []} onMoved={close} />
      )}
    />
  )
}

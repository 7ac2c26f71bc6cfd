import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import type { AdminProduct } from '#shared/contract/content-admin'
import type { Category } from '#shared/contract/content'
import { productImagesMax } from '#shared/contract/content-fields'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { bilingual } from './bilingual-fields.ts'

const yesNo = (yes: string, no: string) => [
  { value: '1', label: yes },
  { value: '0', label: no },
]

/** Every product field of DESIGN §5, in the editor's order. */
export function productFields(categories: readonly Category[]): FieldDef[] {
  return [
    {
      name: 'CategoryId',
      label: t`Category`,
      type: 'select',
      options: categories.map((c) => ({
        value: String(c.Id),
        label: i18n.locale === 'en' ? c.TitleEn || c.Title : c.Title,
      })),
    },
    ...bilingual('Title', t`Name`, 100, 200, 'text'),
    { name: 'PartNo', label: t`Part number`, type: 'text', max: 50, optional: true },
    ...bilingual('Summary', t`Summary`, 500, 1000, 'textarea', true),
    ...bilingual('Body', t`Text`, 20_000, 40_000, 'textarea', true),
    {
      name: 'Specs',
      label: t`Specifications`,
      type: 'rows',
      limit: 50,
      optional: true,
      columns: [
        { name: 'Name', label: t`Label (Chinese)`, max: 50 },
        { name: 'NameEn', label: t`Label (English)`, max: 100, optional: true },
        { name: 'Value', label: t`Value (Chinese)`, max: 200 },
        { name: 'ValueEn', label: t`Value (English)`, max: 300, optional: true },
      ],
    },
    {
      name: 'Images',
      label: t`Pictures (1 to ${productImagesMax}; the first is the cover)`,
      type: 'photo',
      limit: productImagesMax,
      sortable: true,
    },
    {
      name: 'Published',
      label: t`State`,
      type: 'radio',
      options: yesNo(t`Published`, t`Not published`),
    },
    {
      name: 'Featured',
      label: t`On the home page`,
      type: 'radio',
      options: yesNo(t`Featured`, t`Not featured`),
    },
    { name: 'Sort', label: t`Sort order`, type: 'number', max: 7 },
  ]
}

/** Form values of a product, or of a new one (in `categoryId` when a category is chosen). */
export function productValues(
  p: AdminProduct | undefined,
  categoryId: number | undefined,
): FormValues {
  if (!p)
    return {
      CategoryId: categoryId ? String(categoryId) : '',
      Title: '',
      TitleEn: '',
      PartNo: '',
      Summary: '',
      SummaryEn: '',
      Body: '',
      BodyEn: '',
      Specs: [],
      Images: [],
      Published: '1',
      Featured: '0',
      Sort: '10',
    }
  return {
    CategoryId: String(p.CategoryId),
    Title: p.Title,
    TitleEn: p.TitleEn,
    PartNo: p.PartNo,
    Summary: p.Summary,
    SummaryEn: p.SummaryEn,
    Body: p.Body,
    BodyEn: p.BodyEn,
    Specs: p.Specs,
    Images: p.Images,
    Published: p.Published ? '1' : '0',
    Featured: p.Featured ? '1' : '0',
    Sort: String(p.Sort),
  }
}

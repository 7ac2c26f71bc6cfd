import { t } from '@lingui/core/macro'
import type { FieldDef } from '#client/components/form/form-field'
import { bilingual } from './bilingual-fields.ts'

/** A slide's editor fields (/admin/lunbo), also the labels of its history. */
export const slideFields = (): FieldDef[] => [
  { name: 'Image', label: t`Picture`, type: 'photo', limit: 1 },
  ...bilingual('Title', t`Title`, 100, 200, 'text', true),
  {
    name: 'Link',
    label: t`Link (a site path such as /products?sort=1, or an http(s) address)`,
    type: 'text',
    max: 500,
    optional: true,
  },
  {
    name: 'Enabled',
    label: t`State`,
    type: 'radio',
    options: [
      { value: '1', label: t`Shown` },
      { value: '0', label: t`Hidden` },
    ],
  },
  { name: 'Sort', label: t`Sort order`, type: 'number', max: 7 },
]

/** A product category's editor fields, also the labels of its history. */
export const categoryFields = (): FieldDef[] => [
  ...bilingual('Title', t`Name`, 50, 100, 'text'),
  {
    name: 'ImgUrl',
    label: t`Picture (the default image when none)`,
    type: 'photo',
    limit: 1,
    optional: true,
  },
  { name: 'Sort', label: t`Sort order`, type: 'number', max: 7 },
]

/** A cover picture and up to six more (news, equipment). */
const coverAndGallery = (): FieldDef[] => [
  { name: 'Image', label: t`Cover picture`, type: 'photo', limit: 1, optional: true },
  {
    name: 'Gallery',
    label: t`More pictures`,
    type: 'photo',
    limit: 6,
    optional: true,
    sortable: true,
  },
]

/** A news item's editor fields, also the labels of its history. */
export const newsFields = (): FieldDef[] => [
  ...bilingual('Title', t`Title`, 100, 200, 'text'),
  ...bilingual('Summary', t`Summary`, 500, 1000, 'textarea', true),
  ...bilingual('Body', t`Text`, 20_000, 40_000, 'textarea'),
  ...coverAndGallery(),
  { name: 'PublishedAt', label: t`Date`, type: 'date' },
  {
    name: 'Published',
    label: t`State`,
    type: 'radio',
    options: [
      { value: '1', label: t`Published` },
      { value: '0', label: t`Draft` },
    ],
  },
]

/** A piece of equipment's editor fields, also the labels of its history. */
export const equipmentFields = (): FieldDef[] => [
  ...bilingual('Name', t`Name`, 100, 200, 'text'),
  ...bilingual('Description', t`Description`, 2000, 4000, 'textarea', true),
  ...coverAndGallery(),
  { name: 'Quantity', label: t`Quantity`, type: 'number', max: 7 },
  { name: 'Sort', label: t`Sort order`, type: 'number', max: 7 },
]

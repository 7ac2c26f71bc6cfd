import { useLingui } from '@lingui/react/macro'
import type { AdminEquipment } from '#shared/contract/site-admin'
import type { FormValues } from '#client/components/form/form-field'
import { ItemListPage } from '#client/components/item-editor/item-list-page'
import { adminEquipmentKey, useAdminEquipment } from '../api/get-admin-equipment.ts'
import { useContentEditor } from '../api/use-content-editor.ts'
import { lacksEnglish, nextSort, toPhotos, toRecord } from './form-values.ts'
import './content.css'
import { equipmentFields } from './content-fields.ts'

/** /admin/equipment: the machines shown on the equipment page, in order; add, edit in both languages, cover and gallery, reorder, remove. */
export function EquipmentAdminPage() {
  const { t } = useLingui()
  const list = useAdminEquipment()
  const editor = useContentEditor('SaveEquipment', adminEquipmentKey)
  return (
    <section className="content-page">
      <h1>{t`Equipment`}</h1>
      <ItemListPage<AdminEquipment>
        history="Equipment"
        name="equipment"
        labels={[t`Add equipment`, t`Edit equipment`]}
        items={list.data}
        query={list}
        {...editor}
        reorder
        row={(e) => ({
          image: e.Image,
          title: e.Name,
          subtitle: e.NameEn,
          meta: t`Quantity: ${e.Quantity}`,
          missingEnglish:
            lacksEnglish(e.Name, e.NameEn) || lacksEnglish(e.Description, e.DescriptionEn),
        })}
        fields={equipmentFields()}
        initial={(e): FormValues =>
          e
            ? {
                Name: e.Name,
                NameEn: e.NameEn,
                Description: e.Description,
                DescriptionEn: e.DescriptionEn,
                Image: toPhotos(e.Image),
                Gallery: e.Gallery,
                Quantity: String(e.Quantity),
                Sort: String(e.Sort),
              }
            : {
                Name: '',
                NameEn: '',
                Description: '',
                DescriptionEn: '',
                Image: [],
                Gallery: [],
                Quantity: '1',
                Sort: String(nextSort(list.data)),
              }
        }
        record={(v) => toRecord(v, { single: ['Image'], numbers: ['Quantity', 'Sort'] })}
      />
    </section>
  )
}

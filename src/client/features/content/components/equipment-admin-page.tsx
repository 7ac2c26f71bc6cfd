import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { contentPermission } from '#shared/permissions'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { PageError } from '#client/components/feedback/page-error'
import { useCan } from '#client/features/auth/components/permission'
import { adminEquipmentKey, useAdminEquipment } from '../api/get-admin-equipment.ts'
import { useContentSave } from '../api/post-content-save.ts'
import { useTranslator } from '../api/post-translate.ts'
import { lacksEnglish, toPhotos, toRecord } from './form-values.ts'
import { ItemSheet, recordSaves } from './item-sheet.tsx'
import './content.css'

type Editing = number | 'new' | null

/** /admin/equipment: the machines shown on the equipment page, in order; add, edit in both languages, remove. */
export function EquipmentAdminPage() {
  const { t } = useLingui()
  const [editing, setEditing] = useState<Editing>(null)
  const list = useAdminEquipment()
  const canEdit = useCan()(contentPermission)
  const translate = useTranslator()
  const { save } = useContentSave('SaveEquipment', [adminEquipmentKey, ['site', 'equipment']])
  const item = typeof editing === 'number' ? list.data?.find((n) => n.Id === editing) : undefined
  const nextSort = Math.max(0, ...(list.data ?? []).map((e) => e.Sort)) + 10

  const fields: FieldDef[] = [
    { name: 'Name', label: t`Name (Chinese)`, type: 'text', max: 100, translateTo: 'NameEn' },
    { name: 'NameEn', label: t`Name (English)`, type: 'text', max: 200, optional: true, englishOf: 'Name' },
    { name: 'Description', label: t`Description (Chinese)`, type: 'textarea', max: 2000, optional: true, translateTo: 'DescriptionEn' },
    { name: 'DescriptionEn', label: t`Description (English)`, type: 'textarea', max: 4000, optional: true, englishOf: 'Description' },
    { name: 'Image', label: t`Picture`, type: 'photo', limit: 1, optional: true },
    { name: 'Quantity', label: t`Quantity`, type: 'number', max: 7 },
    { name: 'Sort', label: t`Sort order`, type: 'number', max: 7 },
  ]
  const initial: FormValues = item
    ? { Name: item.Name, NameEn: item.NameEn, Description: item.Description, DescriptionEn: item.DescriptionEn, Image: toPhotos(item.Image), Quantity: String(item.Quantity), Sort: String(item.Sort) }
    : { Name: '', NameEn: '', Description: '', DescriptionEn: '', Image: [], Quantity: '1', Sort: String(nextSort) }
  const record = (v: FormValues) => toRecord(v, { single: ['Image'], numbers: ['Quantity', 'Sort'] })

  if (list.isError && !list.data) return <PageError error={list.error} reset={() => void list.refetch()} />
  return (
    <section className="content-page" data-testid="equipment-admin">
      <h1>{t`Equipment`}</h1>
      {canEdit ? (
        <div className="content-filters">
          <button type="button" className="is-primary" onClick={() => setEditing('new')} data-testid="equipment-add">
            {t`Add`}
          </button>
        </div>
      ) : null}
      {list.isPending ? <p className="content-state">{t`Loading…`}</p> : null}
      <ul className="content-cards">
        {list.data?.map((e) => (
          <li key={e.Id}>
            <button type="button" className="content-card product-row" onClick={() => setEditing(e.Id)} data-testid="admin-equipment" data-id={e.Id}>
              {e.Image ? <img src={e.Image} alt="" width={64} height={64} loading="lazy" /> : <span className="row-noimage" />}
              <span>
                <strong>{e.Name}</strong>
                <small>{e.NameEn || '—'}</small>
                <small>{t`Quantity: ${e.Quantity}`}</small>
              </span>
              {lacksEnglish(e.Name, e.NameEn) || lacksEnglish(e.Description, e.DescriptionEn) ? <span className="content-flag">{t`English missing`}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <ItemSheet
        open={editing === 'new' || item !== undefined}
        title={item ? t`Edit equipment` : t`Add equipment`}
        testId="equipment-form"
        fields={fields}
        initial={initial}
        readOnly={!canEdit}
        translate={translate}
        onClose={() => setEditing(null)}
        {...recordSaves(item, save, record)}
      />
    </section>
  )
}

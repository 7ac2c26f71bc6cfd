import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { contentPermission } from '#shared/permissions'
import { PageError } from '#client/components/feedback/page-error'
import type { FieldDef } from '#client/components/form/form-field'
import { FormBuilder } from '#client/components/form/form-builder'
import { HistoryButton } from '#client/components/history/history-button'
import { formHistoryFields } from '#client/components/history/form-history-fields'
import { useCan } from '#client/features/auth/components/permission'
import { useEditorClash } from '#client/components/item-editor/editor-clash'
import { useRefetchOnVersion } from '#client/lib/record-versions'
import { adminContactKey, useAdminContact } from '../api/get-admin-contact.ts'
import { useContentSave } from '../api/post-content-save.ts'
import { useTranslator } from '../api/post-translate.ts'
import { toPhotos, toRecord } from './form-values.ts'
import './content.css'

const qrFields = ['Qr1', 'Qr2']

/**
 * /admin/linkus: the single contact record behind the site footer and the contact page
 * (company, address, phone, fax, mail, website, two QR images with captions), in both languages.
 */
export function ContactAdminPage() {
  const { t } = useLingui()
  const contact = useAdminContact()
  const canEdit = useCan()(contentPermission)
  const translate = useTranslator()
  const clash = useEditorClash()
  /** Take theirs opens the form again on the stored values */
  const [round, setRound] = useState(0)
  // someone else saved this record: read it again; fields not edited here show the new values
  useRefetchOnVersion('Contact', () => true, contact.refetch)
  const { save } = useContentSave('SaveContact', [adminContactKey, ['site']])

  if (contact.isError && !contact.data)
    return <PageError error={contact.error} reset={() => void contact.refetch()} />
  const c = contact.data
  const fields: FieldDef[] = [
    {
      name: 'Company',
      label: t`Company name (Chinese)`,
      type: 'text',
      max: 100,
      translateTo: 'CompanyEn',
    },
    {
      name: 'CompanyEn',
      label: t`Company name (English)`,
      type: 'text',
      max: 200,
      optional: true,
      englishOf: 'Company',
    },
    {
      name: 'Address',
      label: t`Address (Chinese)`,
      type: 'text',
      max: 200,
      translateTo: 'AddressEn',
    },
    {
      name: 'AddressEn',
      label: t`Address (English)`,
      type: 'text',
      max: 300,
      optional: true,
      englishOf: 'Address',
    },
    { name: 'Phone', label: t`Telephone`, type: 'text', rule: 'tel', max: 40 },
    { name: 'Fax', label: t`Fax`, type: 'text', rule: 'tel', max: 40, optional: true },
    { name: 'Mail', label: t`E-mail`, type: 'text', rule: 'email', max: 100, optional: true },
    {
      name: 'Website',
      label: t`Website`,
      type: 'text',
      rule: 'url',
      max: 200,
      optional: true,
      placeholder: 'https://',
    },
    { name: 'Qr1', label: t`QR image 1`, type: 'photo', limit: 1, optional: true },
    {
      name: 'Qr1Title',
      label: t`QR image 1 caption (Chinese)`,
      type: 'text',
      max: 50,
      optional: true,
      translateTo: 'Qr1TitleEn',
    },
    {
      name: 'Qr1TitleEn',
      label: t`QR image 1 caption (English)`,
      type: 'text',
      max: 100,
      optional: true,
      englishOf: 'Qr1Title',
    },
    { name: 'Qr2', label: t`QR image 2`, type: 'photo', limit: 1, optional: true },
    {
      name: 'Qr2Title',
      label: t`QR image 2 caption (Chinese)`,
      type: 'text',
      max: 50,
      optional: true,
      translateTo: 'Qr2TitleEn',
    },
    {
      name: 'Qr2TitleEn',
      label: t`QR image 2 caption (English)`,
      type: 'text',
      max: 100,
      optional: true,
      englishOf: 'Qr2Title',
    },
  ]

  return (
    <section className="content-page content-form-page" data-testid="contact-admin">
      <h1>{t`Contact information`}</h1>
      {canEdit ? (
        <HistoryButton
          recordType="Contact"
          recordId={1}
          fields={() => formHistoryFields(fields)}
          className="content-history"
          testId="contact-history"
        />
      ) : null}
      <p className="content-state">{t`Shown in the footer of every public page and on the contact page.`}</p>
      {clash.notice(
        fields,
        async (r) => {
          const record = { ...toRecord(r.changed, { single: qrFields }), RowVersion: r.version }
          await save({ updateRecords: [record] })
          await contact.refetch()
        },
        () => void contact.refetch().then(() => setRound((n) => n + 1)),
      )}
      {c ? (
        <FormBuilder
          key={round}
          testId="contact-form"
          fields={fields}
          initial={{ ...withoutVersion(c), Qr1: toPhotos(c.Qr1), Qr2: toPhotos(c.Qr2) }}
          readOnly={!canEdit}
          translate={translate}
          version={c.RowVersion}
          onSubmit={async (values, changed, version) => {
            if (Object.keys(changed).length === 0) return
            // from the version the form shows; a clash is shown above the form
            const record = { ...toRecord(changed, { single: qrFields }), RowVersion: version }
            await clash.watch(() => save({ updateRecords: [record] }).then(() => {}), {
              values,
              changed,
            })
          }}
        />
      ) : (
        <p className="content-state">{t`Loading…`}</p>
      )}
    </section>
  )
}

/** The form edits the record's fields; its `RowVersion` is not one of them. */
function withoutVersion<T extends { RowVersion?: number }>(c: T): Omit<T, 'RowVersion'> {
  const { RowVersion: _version, ...fields } = c
  return fields
}

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
import { adminAboutKey, useAdminAbout } from '../api/get-admin-about.ts'
import { useContentSave } from '../api/post-content-save.ts'
import { useTranslator } from '../api/post-translate.ts'
import { toRecord } from './form-values.ts'
import './content.css'

/** /admin/about: the company profile page (title, text and up to 6 pictures), in both languages. */
export function AboutAdminPage() {
  const { t } = useLingui()
  const about = useAdminAbout()
  const canEdit = useCan()(contentPermission)
  const translate = useTranslator()
  const clash = useEditorClash()
  /** Take theirs opens the form again on the stored values */
  const [round, setRound] = useState(0)
  // someone else saved this record: read it again; fields not edited here show the new values
  useRefetchOnVersion('About', () => true, about.refetch)
  const { save } = useContentSave('SaveAbout', [adminAboutKey, ['site', 'about']])

  if (about.isError && !about.data)
    return <PageError error={about.error} reset={() => void about.refetch()} />
  const a = about.data
  const fields: FieldDef[] = [
    { name: 'Title', label: t`Title (Chinese)`, type: 'text', max: 100, translateTo: 'TitleEn' },
    {
      name: 'TitleEn',
      label: t`Title (English)`,
      type: 'text',
      max: 200,
      optional: true,
      englishOf: 'Title',
    },
    {
      name: 'Body',
      label: t`Text (Chinese)`,
      type: 'textarea',
      max: 20_000,
      rows: 8,
      translateTo: 'BodyEn',
    },
    {
      name: 'BodyEn',
      label: t`Text (English)`,
      type: 'textarea',
      max: 40_000,
      rows: 8,
      optional: true,
      englishOf: 'Body',
    },
    { name: 'Images', label: t`Pictures`, type: 'photo', limit: 6, optional: true, sortable: true },
  ]
  return (
    <section className="content-page content-form-page" data-testid="about-admin">
      <h1>{t`About us`}</h1>
      {canEdit ? (
        <HistoryButton
          recordType="About"
          recordId={'about'}
          fields={() => formHistoryFields(fields)}
          className="content-history"
          testId="about-history"
        />
      ) : null}
      {clash.notice(
        fields,
        async (r) => {
          const record = { ...toRecord(r.changed), RowVersion: r.version }
          await save({ updateRecords: [record] })
          await about.refetch()
        },
        () => void about.refetch().then(() => setRound((n) => n + 1)),
      )}
      {a ? (
        <FormBuilder
          key={round}
          testId="about-form"
          fields={fields}
          initial={{
            Title: a.Title,
            TitleEn: a.TitleEn,
            Body: a.Body,
            BodyEn: a.BodyEn,
            Images: a.Images,
          }}
          readOnly={!canEdit}
          translate={translate}
          version={a.RowVersion}
          onSubmit={async (values, changed, version) => {
            if (Object.keys(changed).length === 0) return
            // from the version the form shows; a clash is shown above the form
            const record = { ...toRecord(changed), RowVersion: version }
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

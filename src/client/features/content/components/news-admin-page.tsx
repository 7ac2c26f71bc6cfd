import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { contentPermission } from '#shared/permissions'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { PageError } from '#client/components/feedback/page-error'
import { useCan } from '#client/features/auth/components/permission'
import { adminNewsKey, useAdminNews } from '../api/get-admin-news.ts'
import { useContentSave } from '../api/post-content-save.ts'
import { useTranslator } from '../api/post-translate.ts'
import { lacksEnglish, toPhotos, toRecord } from './form-values.ts'
import { ItemSheet, recordSaves } from './item-sheet.tsx'
import './content.css'

const pageSize = 20
type Editing = number | 'new' | null
const today = () => new Date().toISOString().slice(0, 10)

/** /admin/news: news items (drafts too), newest first; add, edit in both languages, publish, remove. */
export function NewsAdminPage() {
  const { t, i18n } = useLingui()
  const [keyword, setKeyword] = useState('')
  const [pageIndex, setPageIndex] = useState(1)
  const [editing, setEditing] = useState<Editing>(null)
  const list = useAdminNews({ pageIndex, pageSize, keyword: keyword || undefined })
  const canEdit = useCan()(contentPermission)
  const translate = useTranslator()
  const { save } = useContentSave('SaveNews', [adminNewsKey, ['site']])
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))
  const item = typeof editing === 'number' ? list.data?.result.find((n) => n.Id === editing) : undefined

  const fields: FieldDef[] = [
    { name: 'Title', label: t`Title (Chinese)`, type: 'text', max: 100, translateTo: 'TitleEn' },
    { name: 'TitleEn', label: t`Title (English)`, type: 'text', max: 200, optional: true, englishOf: 'Title' },
    { name: 'Summary', label: t`Summary (Chinese)`, type: 'textarea', optional: true, translateTo: 'SummaryEn' },
    { name: 'SummaryEn', label: t`Summary (English)`, type: 'textarea', max: 1000, optional: true, englishOf: 'Summary' },
    { name: 'Body', label: t`Text (Chinese)`, type: 'textarea', max: 20_000, rows: 8, translateTo: 'BodyEn' },
    { name: 'BodyEn', label: t`Text (English)`, type: 'textarea', max: 40_000, rows: 8, optional: true, englishOf: 'Body' },
    { name: 'Image', label: t`Picture`, type: 'photo', limit: 1, optional: true },
    { name: 'PublishedAt', label: t`Date`, type: 'date' },
    { name: 'Published', label: t`State`, type: 'radio', options: [{ value: '1', label: t`Published` }, { value: '0', label: t`Draft` }] },
  ]
  const initial: FormValues = item
    ? { Title: item.Title, TitleEn: item.TitleEn, Summary: item.Summary, SummaryEn: item.SummaryEn, Body: item.Body, BodyEn: item.BodyEn, Image: toPhotos(item.Image), PublishedAt: item.PublishedAt.slice(0, 10), Published: item.Published ? '1' : '0' }
    : { Title: '', TitleEn: '', Summary: '', SummaryEn: '', Body: '', BodyEn: '', Image: [], PublishedAt: today(), Published: '1' }
  const record = (v: FormValues) => toRecord(v, { single: ['Image'], flags: ['Published'] })

  if (list.isError && !list.data) return <PageError error={list.error} reset={() => void list.refetch()} />
  return (
    <section className="content-page" data-testid="news-admin">
      <h1>{t`News`}</h1>
      <div className="content-filters">
        <input
          type="search"
          className="grid-input content-search"
          placeholder={t`Title`}
          aria-label={t`Search`}
          onKeyDown={(e) => e.key === 'Enter' && (setKeyword(e.currentTarget.value.trim()), setPageIndex(1))}
        />
        {canEdit ? (
          <button type="button" className="is-primary" onClick={() => setEditing('new')} data-testid="news-add">
            {t`Add`}
          </button>
        ) : null}
      </div>
      {list.isPending ? <p className="content-state">{t`Loading…`}</p> : null}
      {list.data?.result.length === 0 ? <p className="content-state">{t`Nothing found`}</p> : null}
      <ul className="content-cards">
        {list.data?.result.map((n) => (
          <li key={n.Id}>
            <button type="button" className="content-card product-row" onClick={() => setEditing(n.Id)} data-testid="admin-news" data-id={n.Id}>
              {n.Image ? <img src={n.Image} alt="" width={64} height={64} loading="lazy" /> : <span className="row-noimage" />}
              <span>
                <strong>{n.Title}</strong>
                <small>{n.TitleEn || '—'}</small>
                <small className="content-row-meta">
                  {i18n.date(n.PublishedAt, { dateStyle: 'medium' })}
                  {n.Published ? null : <span>· {t`Draft`}</span>}
                </small>
              </span>
              {lacksEnglish(n.Title, n.TitleEn) || lacksEnglish(n.Body, n.BodyEn) ? <span className="content-flag">{t`English missing`}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <nav className="content-pager" aria-label={t`Pages`}>
        <button type="button" disabled={pageIndex <= 1} onClick={() => setPageIndex((p) => p - 1)}>{t`Previous`}</button>
        <span>{t`Page ${pageIndex} of ${pages}`}</span>
        <button type="button" disabled={pageIndex >= pages} onClick={() => setPageIndex((p) => p + 1)}>{t`Next`}</button>
      </nav>
      <ItemSheet
        open={editing === 'new' || item !== undefined}
        title={item ? t`Edit news` : t`Add news`}
        testId="news-form"
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

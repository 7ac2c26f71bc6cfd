import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { AdminNews } from '#shared/contract/site-admin'
import type { FormValues } from '#client/components/form/form-field'
import { ItemListPage } from '#client/components/item-editor/item-list-page'
import { SearchBox } from '#client/components/item-editor/search-box'
import { adminNewsKey, useAdminNews } from '../api/get-admin-news.ts'
import { useContentEditor } from '../api/use-content-editor.ts'
import { lacksEnglish, toPhotos, toRecord } from './form-values.ts'
import './content.css'
import { newsFields } from './content-fields.ts'
import { withRichTextHelp } from './rich-text-help.tsx'

const pageSize = 20
const today = () => new Date().toISOString().slice(0, 10)

/** /admin/news: news items (drafts too), newest first; add, edit in both languages, cover and gallery, publish, remove. */
export function NewsAdminPage() {
  const { t, i18n } = useLingui()
  const [keyword, setKeyword] = useState('')
  const [pageIndex, setPageIndex] = useState(1)
  const list = useAdminNews({ pageIndex, pageSize, keyword: keyword || undefined })
  const editor = useContentEditor('SaveNews', adminNewsKey)
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))
  return (
    <section className="content-page">
      <h1>{t`News`}</h1>
      <ItemListPage<AdminNews>
        history="News"
        name="news"
        labels={[t`Add news`, t`Edit news`]}
        items={list.data?.result}
        query={list}
        {...editor}
        filters={
          <SearchBox placeholder={t`Title`} onSearch={(k) => (setKeyword(k), setPageIndex(1))} />
        }
        pager={{ pageIndex, pages, setPageIndex }}
        row={(n) => ({
          image: n.Image,
          title: n.Title,
          subtitle: n.TitleEn,
          meta: `${i18n.date(n.PublishedAt, { dateStyle: 'medium' })}${n.Published ? '' : ` · ${t`Draft`}`}`,
          missingEnglish:
            lacksEnglish(n.Title, n.TitleEn) ||
            lacksEnglish(n.Summary, n.SummaryEn) ||
            lacksEnglish(n.Body, n.BodyEn),
          off: !n.Published,
        })}
        fields={withRichTextHelp(newsFields())}
        initial={(n): FormValues =>
          n
            ? {
                Title: n.Title,
                TitleEn: n.TitleEn,
                Summary: n.Summary,
                SummaryEn: n.SummaryEn,
                Body: n.Body,
                BodyEn: n.BodyEn,
                Image: toPhotos(n.Image),
                Gallery: n.Gallery,
                PublishedAt: n.PublishedAt.slice(0, 10),
                Published: n.Published ? '1' : '0',
              }
            : {
                Title: '',
                TitleEn: '',
                Summary: '',
                SummaryEn: '',
                Body: '',
                BodyEn: '',
                Image: [],
                Gallery: [],
                PublishedAt: today(),
                Published: '1',
              }
        }
        record={(v) => toRecord(v, { single: ['Image'], flags: ['Published'] })}
      />
    </section>
  )
}

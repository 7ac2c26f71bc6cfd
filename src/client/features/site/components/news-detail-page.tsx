import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocale, usePick, usePickedLang } from '#client/lib/locale-store'
import { usePageHead } from '#client/lib/page-title'
import { useNews } from '../api/get-news.ts'
import { formatDate } from './news-card.tsx'
import { Gallery } from './gallery.tsx'
import { RichText } from './rich-text.tsx'
import { SiteNotFound } from './site-not-found.tsx'
import './page-text.css'
import './news-detail.css'

/** `/news/detail?id=`: one news item. */
export function NewsDetailPage({ id }: { id: number }) {
  const { data: n } = useNews(id)
  const pick = usePick()
  const langOf = usePickedLang()
  const locale = useLocale()
  usePageHead(
    n ? pick(n.Title, n.TitleEn) : undefined,
    n ? pick(n.Summary, n.SummaryEn) : undefined,
  )
  if (!n) {
    return (
      <SiteNotFound
        testId="news-not-found"
        title={<Trans>News item not found</Trans>}
        back={
          <Link to="/news" className="more-link">
            <Trans>Back to the news</Trans>
          </Link>
        }
      />
    )
  }
  return (
    <article className="page news-detail">
      <Link to="/news" className="back-link">
        ‹ <Trans>News</Trans>
      </Link>
      <h1 lang={langOf(n.TitleEn)}>{pick(n.Title, n.TitleEn)}</h1>
      <time dateTime={n.PublishedAt}>{formatDate(n.PublishedAt, locale)}</time>
      {n.Image ? <img src={n.Image} alt="" width={800} height={450} /> : null}
      <RichText html={pick(n.BodyHtml, n.BodyEnHtml)} />
      <Gallery images={n.Gallery} />
    </article>
  )
}

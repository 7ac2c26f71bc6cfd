import { Link } from '@tanstack/react-router'
import type { NewsSummary } from '#shared/contract/content'
import { useLocale, usePick } from '#client/lib/locale-store'

export function formatDate(iso: string, locale: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return d.toLocaleDateString(locale === 'zh' ? 'zh-CN' : 'en-GB', { year: 'numeric', month: 'long', day: 'numeric' })
}

export function NewsCard({ news: n }: { news: NewsSummary }) {
  const pick = usePick()
  const locale = useLocale()
  return (
    <Link to="/news/detail" search={{ id: n.Id }} className="news-card">
      <img src={n.Image} alt="" width={160} height={90} loading="lazy" decoding="async" />
      <span className="news-card-text">
        <span className="news-card-title">{pick(n.Title, n.TitleEn)}</span>
        <time dateTime={n.PublishedAt}>{formatDate(n.PublishedAt, locale)}</time>
        <span className="news-card-summary">{pick(n.Summary, n.SummaryEn)}</span>
      </span>
    </Link>
  )
}

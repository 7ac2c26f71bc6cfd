import { Trans } from '@lingui/react/macro'
import { SiteLink } from './site-link.tsx'
import type { NewsSummary } from '#shared/contract/content'
import { useLocale, usePick, usePickedLang } from '#client/lib/locale-store'

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * A publication date as `2026年11月21日` or `21 November 2026`: what `toLocaleDateString`
 * gives for zh-CN / en-GB with a long month, without loading the ICU locale data on the
 * first render (that cost ~25 ms of main thread on a phone for three home-page cards).
 */
export function formatDate(iso: string, locale: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const [y, m, day] = [d.getFullYear(), d.getMonth(), d.getDate()]
  return locale === 'zh' ? `${y}年${m + 1}月${day}日` : `${day} ${months[m]} ${y}`
}

export function NewsCard({ news: n }: { news: NewsSummary }) {
  const pick = usePick()
  const langOf = usePickedLang()
  const locale = useLocale()
  return (
    <SiteLink to="/news/detail" search={{ id: n.Id }} className="news-card">
      <img src={n.Image} alt="" width={160} height={90} loading="lazy" decoding="async" />
      <span className="news-card-text">
        <span className="news-card-title" lang={langOf(n.TitleEn)}>
          {pick(n.Title, n.TitleEn)}
        </span>
        <time dateTime={n.PublishedAt}>{formatDate(n.PublishedAt, locale)}</time>
        <span className="news-card-summary" lang={langOf(n.SummaryEn)}>
          {/* an English page showing the Chinese summary says so (as the staff lists flag it) */}
          {locale === 'en' && !n.SummaryEn.trim() && n.Summary.trim() ? (
            <span className="lang-flag" lang="en">
              <Trans>In Chinese</Trans>
            </span>
          ) : null}
          {pick(n.Summary, n.SummaryEn)}
        </span>
      </span>
    </SiteLink>
  )
}

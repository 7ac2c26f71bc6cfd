import { Trans } from '@lingui/react/macro'
import { useNewsList } from '../api/get-news-list.ts'
import { NewsCard } from './news-card.tsx'

/** `/news`: news, newest first. */
export function NewsPage() {
  const { data } = useNewsList(1, 50)
  return (
    <div className="page">
      <h1>
        <Trans>News</Trans>
      </h1>
      <ul className="news-list">
        {data.result.map((n) => (
          <li key={n.Id}>
            <NewsCard news={n} />
          </li>
        ))}
      </ul>
    </div>
  )
}

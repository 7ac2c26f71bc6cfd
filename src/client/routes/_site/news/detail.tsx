import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { NewsDetailPage } from '#client/features/site/components/news-detail-page'
import { newsQueryOptions } from '#client/features/site/api/get-news'
import { toId } from '#client/lib/search-params'

export const Route = createFileRoute('/_site/news/detail')({
  staticData: { title: msg`News` },
  validateSearch: (s: Record<string, unknown>): { id: number } => ({ id: toId(s.id) ?? 0 }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context: { queryClient }, deps }) =>
    deps.id > 0 ? queryClient.ensureQueryData(newsQueryOptions(deps.id)) : null,
  component: function NewsDetailRoute() {
    const { id } = Route.useSearch()
    return <NewsDetailPage id={id} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { NewsPage } from '#client/features/site/components/news-page'
import { newsListQueryOptions } from '#client/features/site/api/get-news-list'

export const Route = createFileRoute('/_site/news/')({
  staticData: { title: msg`News` },
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(newsListQueryOptions(1, 50)),
  component: NewsPage,
})

import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { HomePage } from '#client/features/site/components/home-page'
import { aboutQueryOptions } from '#client/features/site/api/get-about'
import { carouselQueryOptions } from '#client/features/site/api/get-carousel'
import { featuredProductsQueryOptions } from '#client/features/site/api/get-featured-products'
import { newsListQueryOptions } from '#client/features/site/api/get-news-list'

export const Route = createFileRoute('/_site/index')({
  staticData: { title: msg`Home` },
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(carouselQueryOptions()),
      queryClient.ensureQueryData(aboutQueryOptions()),
      queryClient.ensureQueryData(featuredProductsQueryOptions()),
      queryClient.ensureQueryData(newsListQueryOptions(1, 3)),
    ]),
  component: HomePage,
})

import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { AboutPage } from '#client/features/site/components/about-page'
import { aboutQueryOptions } from '#client/features/site/api/get-about'

export const Route = createFileRoute('/_site/aboutus')({
  staticData: { title: msg`About us` },
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(aboutQueryOptions()),
  component: AboutPage,
})

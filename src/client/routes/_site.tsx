import { createFileRoute } from '@tanstack/react-router'
import { SiteLayout } from '#client/features/site/components/site-layout'
import { categoriesQueryOptions } from '#client/features/site/api/get-categories'
import { contactQueryOptions } from '#client/features/site/api/get-contact'

export const Route = createFileRoute('/_site')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(categoriesQueryOptions()),
      queryClient.ensureQueryData(contactQueryOptions()),
    ]),
  component: SiteLayout,
})

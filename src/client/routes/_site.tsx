import { createFileRoute } from '@tanstack/react-router'
import { SiteLayout } from '#client/features/site/components/site-layout'
import { categoriesQueryOptions } from '#client/features/site/api/get-categories'
import { contactQueryOptions } from '#client/features/site/api/get-contact'
import { freshPublicContent } from '#client/features/site/api/get-content-version'

export const Route = createFileRoute('/_site')({
  // drops kept public reads when the content changed since this browser's last visit
  beforeLoad: ({ context: { queryClient } }) => freshPublicContent(queryClient),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(categoriesQueryOptions()),
      queryClient.ensureQueryData(contactQueryOptions()),
    ]),
  component: SiteLayout,
})

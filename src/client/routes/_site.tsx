import { createFileRoute } from '@tanstack/react-router'
import { SiteLayout } from '#client/features/site/components/site-layout'
import { categoriesQueryOptions } from '#client/features/site/api/get-categories'
import { contactQueryOptions } from '#client/features/site/api/get-contact'
import { freshPublicContent } from '#client/features/site/api/get-content-version'
import { cacheRestored } from '#client/lib/query-persister'

export const Route = createFileRoute('/_site')({
  beforeLoad: async ({ context: { queryClient } }) => {
    // drops kept public reads when the content changed since this browser's last visit
    await freshPublicContent(queryClient)
    // offline, the pages read the saved copy: wait until it is read back, or each loader asks the network
    if (!navigator.onLine) await cacheRestored
  },
  // the header's product menu and the footer: without them (offline, never saved) the header,
  // menu and footer still show, and the page says what is missing
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(categoriesQueryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(contactQueryOptions()).catch(() => undefined),
    ]),
  component: SiteLayout,
})

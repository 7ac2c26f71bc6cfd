import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { SitePageMissing } from '#client/features/site/components/site-page-missing'

/** Any other address: not found, in the site layout (SPEC §8: `/404` itself stays a page). */
export const Route = createFileRoute('/_site/$')({
  staticData: { title: msg`Page not found` },
  component: SitePageMissing,
})

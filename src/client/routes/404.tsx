import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { StatusPage } from '#client/features/auth/components/status-page'

export const Route = createFileRoute('/404')({
  staticData: { title: msg`Page not found` },
  component: () => (
    <StatusPage
      code="404"
      title={<Trans>Page not found</Trans>}
      description={<Trans>The page you asked for does not exist.</Trans>}
    />
  ),
})

import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { StatusPage } from '#client/features/auth/components/status-page'

export const Route = createFileRoute('/403')({
  staticData: { title: msg`No permission` },
  component: () => (
    <StatusPage
      code="403"
      title={<Trans>No permission</Trans>}
      description={<Trans>You do not have permission to open this page.</Trans>}
    />
  ),
})

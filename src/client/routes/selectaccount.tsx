import { createFileRoute, redirect } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { SelectAccountPage } from '#client/features/auth/components/select-account-page'
import { hasSession } from '#client/lib/session-tokens'

export const Route = createFileRoute('/selectaccount')({
  staticData: { title: msg`Choose an account` },
  validateSearch: (s: Record<string, unknown>): { accounts: string } => ({
    accounts: typeof s.accounts === 'string' ? s.accounts : '',
  }),
  beforeLoad: () => {
    if (hasSession()) throw redirect({ to: '/', replace: true })
  },
  component: function SelectAccountRoute() {
    const { accounts } = Route.useSearch()
    return <SelectAccountPage accounts={accounts.split(',').filter(Boolean)} />
  },
})

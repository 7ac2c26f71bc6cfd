import { createFileRoute, redirect } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { hasSession } from '#client/lib/session-tokens'
import { PhoneLoginPage } from '#client/features/auth/components/phone-login-page'

export const Route = createFileRoute('/phonelogin')({
  staticData: { title: msg`Sign in` },
  validateSearch: (s: Record<string, unknown>): { redirect?: string } =>
    typeof s.redirect === 'string' ? { redirect: s.redirect } : {},
  // like /login: a signed-in user goes to /
  beforeLoad: () => {
    if (hasSession()) throw redirect({ to: '/', replace: true })
  },
  component: function PhoneLoginRoute() {
    const { redirect } = Route.useSearch()
    return <PhoneLoginPage redirect={redirect} />
  },
})

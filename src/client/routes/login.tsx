import { createFileRoute, redirect } from '@tanstack/react-router'
import { hasSession } from '#client/lib/session-tokens'
import { msg } from '@lingui/core/macro'
import { LoginPage } from '#client/features/auth/components/login-page'

export const Route = createFileRoute('/login')({
  staticData: { title: msg`Sign in` },
  validateSearch: (s: Record<string, unknown>): { redirect?: string } =>
    typeof s.redirect === 'string' ? { redirect: s.redirect } : {},
  // SPEC §4: a signed-in user who opens the login page goes to /
  beforeLoad: () => {
    if (hasSession()) throw redirect({ to: '/', replace: true })
  },
  component: function LoginRoute() {
    const { redirect } = Route.useSearch()
    return <LoginPage redirect={redirect} />
  },
})

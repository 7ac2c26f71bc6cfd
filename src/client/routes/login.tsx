import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { LoginPage } from '#client/features/auth/components/login-page'

export const Route = createFileRoute('/login')({
  staticData: { title: msg`Sign in` },
  validateSearch: (s: Record<string, unknown>): { redirect?: string } =>
    typeof s.redirect === 'string' ? { redirect: s.redirect } : {},
  component: function LoginRoute() {
    const { redirect } = Route.useSearch()
    return <LoginPage redirect={redirect} />
  },
})

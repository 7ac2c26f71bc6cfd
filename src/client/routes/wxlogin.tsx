import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { WxLoginPage } from '#client/features/auth/components/wx-login-page'

export const Route = createFileRoute('/wxlogin')({
  staticData: { title: msg`WeChat sign-in` },
  validateSearch: (s: Record<string, unknown>): { redirect?: string } =>
    typeof s.redirect === 'string' ? { redirect: s.redirect } : {},
  component: function WxLoginRoute() {
    const { redirect } = Route.useSearch()
    return <WxLoginPage redirect={redirect} />
  },
})

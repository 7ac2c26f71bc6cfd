import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PersonalCenter } from '#client/features/auth/components/personal-center'

export const Route = createFileRoute('/_staff/setting/personalCenter')({
  staticData: { title: msg`Personal centre` },
  // set by the staff guard when a temporary password must be changed first: the page asked for
  validateSearch: (s: Record<string, unknown>): { redirect?: string } =>
    typeof s.redirect === 'string' ? { redirect: s.redirect } : {},
  component: function PersonalCenterRoute() {
    const { redirect } = Route.useSearch()
    return <PersonalCenter redirect={redirect} />
  },
})

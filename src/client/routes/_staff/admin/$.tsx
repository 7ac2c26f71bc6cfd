import { createFileRoute, redirect } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { StaffPageMissing } from '#client/features/shell/components/staff-page-missing'

/**
 * An unknown address under /admin/: not found, in the staff layout. `/admin` itself (matched here
 * with an empty rest) is the back-office door: the dashboard.
 */
export const Route = createFileRoute('/_staff/admin/$')({
  beforeLoad: ({ params }) => {
    if (!params._splat) throw redirect({ to: '/admin/index', replace: true })
  },
  staticData: { title: msg`Page not found` },
  component: StaffPageMissing,
})

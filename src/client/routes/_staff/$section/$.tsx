import { createFileRoute, redirect } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { StaffPageMissing } from '#client/features/shell/components/staff-page-missing'
import { isStaffSection } from '#shared/staff-sections'

/**
 * An unknown address under a staff section (`/order/…`, `/system/…`): not found, in the staff
 * layout. Other first segments do not match here (params.parse answers false), so an unknown
 * public address stays with the site's not-found route. `/admin` alone is the back-office door:
 * the dashboard.
 */
export const Route = createFileRoute('/_staff/$section/$')({
  params: {
    parse: (params) => (isStaffSection(params.section) ? params : false),
  },
  beforeLoad: ({ params }) => {
    if (params.section.toLowerCase() === 'admin' && !params._splat)
      throw redirect({ to: '/admin/index', replace: true })
  },
  staticData: { title: msg`Page not found` },
  component: StaffPageMissing,
})

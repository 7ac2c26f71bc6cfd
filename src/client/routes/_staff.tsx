import { createFileRoute, redirect } from '@tanstack/react-router'
import { hasSession } from '#client/features/auth/stores/session'
import { StaffLayout } from '#client/features/shell/components/staff-layout'

/** Staff area: needs a signed-in session; otherwise to /login carrying the original path (SPEC §4). */
export const Route = createFileRoute('/_staff')({
  beforeLoad: ({ location }) => {
    if (!hasSession()) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
    }
  },
  component: StaffLayout,
})

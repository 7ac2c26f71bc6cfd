import { createFileRoute, redirect } from '@tanstack/react-router'
import { hasSession } from '#client/lib/session-tokens'
import { userInfoQueryOptions } from '#client/features/auth/api/get-user-info'
import { resetSession } from '#client/features/auth/stores/reset-session'
import { StaffLayout } from '#client/features/shell/components/staff-layout'
import { userInfoFailed } from '#client/features/auth/user-info-failed'

/**
 * Staff area (SPEC §4 guard): no token -> /login carrying the original path; with a token the
 * user info is fetched first; if that fails the session is reset and the user signs in again.
 */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async ({ location, context: { queryClient } }) => {
    const toLogin = () => redirect({ to: '/login', search: { redirect: location.href }, replace: true })
    if (!hasSession()) throw toLogin()
    try {
      await queryClient.ensureQueryData(userInfoQueryOptions())
    } catch (e) {
      if (!hasSession()) throw toLogin()
      userInfoFailed(e)
      resetSession(queryClient)
      throw toLogin()
    }
  },
  component: StaffLayout,
})

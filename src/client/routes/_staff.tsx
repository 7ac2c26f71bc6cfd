import { createFileRoute, redirect } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { hasSession } from '#client/lib/session-tokens'
import { getLogout } from '#client/features/auth/api/get-logout'
import { useUserInfo } from '#client/features/auth/api/get-user-info'
import { resetSession } from '#client/features/auth/stores/reset-session'
import { dropPushSubscription } from '#client/lib/drop-push'
import { StaffLayout } from '#client/features/shell/components/staff-layout'
import { ErrorLogButton } from '#client/features/error-log/components/error-log-button'
import { NoticeBell } from '#client/features/notices/components/notice-bell'
import { SearchButton } from '#client/features/search/components/search-button'
import { ScanButton } from '#client/features/orders/scan-button'

/** The staff frame for the signed-in user; extra header controls (notice bell…) go in headerActions. */
function StaffFrame() {
  const { data: me } = useUserInfo()
  const queryClient = useQueryClient()
  const logout = async () => {
    await getLogout()
    // this device stops taking Web Push for the user who signed out
    dropPushSubscription()
    resetSession(queryClient)
  }
  return (
    <StaffLayout
      user={{ name: me.RealName || me.LoginName, avatar: me.Avatar }}
      onLogout={logout}
      headerActions={
        <>
          <ScanButton />
          <SearchButton />
          <NoticeBell />
          <ErrorLogButton />
        </>
      }
    />
  )
}

/** Staff area: the SPEC §4 guard (login, user info, server menu) loads on demand, see staff-guard.ts. */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async (ctx) => {
    // a redirect when there is no session needs no extra code
    if (!hasSession())
      throw redirect({ to: '/login', search: { redirect: ctx.location.href }, replace: true })
    const { staffGuard } = await import('#client/app/staff-guard')
    await staffGuard(ctx)
  },
  component: StaffFrame,
})

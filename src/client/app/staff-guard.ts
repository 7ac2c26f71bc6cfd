import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { $ZodError } from 'zod/v4/core'
import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '#client/lib/http'
import { cacheRestored } from '#client/lib/query-persister'
import { hasSession } from '#client/lib/session-tokens'
import { userInfoQueryOptions } from '#client/features/auth/api/get-user-info'
import { resetSession } from '#client/features/auth/stores/reset-session'
import { userInfoFailed } from '#client/features/auth/user-info-failed'
import { loadUserMenu } from '#client/features/shell/api/get-user-menu-list'
import { staffRouteId } from '#client/features/shell/components/use-current-page'
import { accessRedirect, pagePaths } from '#client/features/shell/menu-tree'
import { keepStaffOffline } from '#client/lib/staff-offline'

/** Whether this page load has marked the data restored from the saved copy as stale (once online). */
let restoredChecked = false

type GuardInput = {
  location: ParsedLocation
  matches: readonly { routeId: string }[]
  context: { queryClient: QueryClient }
}

/**
 * Staff area (SPEC §4 guard): no token -> /login carrying the original path; with a token the
 * user info is read first (the saved copy when there is one, so a reload offline still opens);
 * if the server refuses it the session is reset and the user signs in again. A failure of the
 * connection keeps the session and shows the page's error state with a retry.
 * The user's server menu (SPEC §6 server-menu mode) decides which pages they may open.
 * Loaded by the `/_staff` route on demand, so a visitor's first load carries none of it.
 */
export async function staffGuard({ location, matches, context: { queryClient } }: GuardInput) {
  const toLogin = () =>
    redirect({ to: '/login', search: { redirect: location.href }, replace: true })
  if (!hasSession()) throw toLogin()
  await cacheRestored
  // the saved copy (IndexedDB) opens the page at once, offline too; online, whatever came from it
  // is read again as it is shown: a save just before the last page closed may not have reached it
  if (!restoredChecked && navigator.onLine) {
    restoredChecked = true
    void queryClient.invalidateQueries({
      predicate: (q) => q.state.dataUpdatedAt < performance.timeOrigin,
      refetchType: 'none',
    })
  }
  const infoKey = userInfoQueryOptions().queryKey
  try {
    await queryClient.ensureQueryData(userInfoQueryOptions())
  } catch (e) {
    if (!hasSession()) throw toLogin()
    if (!(e instanceof ApiError) && !(e instanceof $ZodError)) throw e
    userInfoFailed(e)
    resetSession(queryClient)
    throw toLogin()
  }
  // a password set by an administrator (new account, reset) is changed before anything else
  const me = queryClient.getQueryData(infoKey)
  if (me?.MustChangePassword && location.pathname !== '/setting/personalCenter')
    // the page asked for opens once the password is changed (personal-center.tsx)
    throw redirect({
      to: '/setting/personalCenter',
      search: { redirect: location.href },
      replace: true,
    })
  const menu = await loadUserMenu(queryClient)
  // the pages this user can open also open offline from now on
  if (menu && navigator.onLine)
    void keepStaffOffline([...pagePaths(menu), location.pathname]).catch(() => {})
  // unknown staff paths are left to the not-found pages (the staff sections' `$` routes, /404)
  const leaf = matches.at(-1)?.routeId ?? ''
  if (!menu || leaf === staffRouteId || leaf.endsWith('/$')) return
  // an account without a role (a new sign-up) stays on the home page, which says it awaits one
  if (me && me.Role === '' && location.pathname === '/admin/index') return
  const to = accessRedirect(menu, location.pathname)
  if (to) throw redirect({ to: to as '/403', replace: true })
}

import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { resetSession } from '#client/features/auth/stores/reset-session'
import { setAuthFailureHandler } from '#client/lib/http'
import { translate } from '#client/lib/i18n'
import type { createAppRouter } from './router.tsx'

/**
 * SPEC §4/§8 reactions to a failed session: 10002 -> message, reset, login with redirect;
 * 401 -> reset, login; 403 -> /403. One redirect at a time, never a loop.
 */
export function installAuthFailureHandler(
  router: ReturnType<typeof createAppRouter>,
  queryClient: QueryClient,
) {
  let redirecting = false
  setAuthFailureHandler((f) => {
    const loc = router.state.location
    if (f.kind === 'forbidden') {
      void router.navigate({ to: '/403' })
      return
    }
    if (redirecting || loc.pathname === '/login') return
    redirecting = true
    if (f.kind === 'signInAgain') {
      const content = f.message || translate(msg`Please sign in again`)
      void import('#client/components/feedback/toast').then(({ Toast }) =>
        Toast.show({ icon: 'fail', content, duration: 3000 }),
      )
    }
    resetSession(queryClient)
    const isPublic = router.state.matches.some((m) => m.routeId === '/_site')
    const target = isPublic
      ? router.navigate({ to: loc.pathname, search: loc.search, replace: true })
      : router.navigate({ to: '/login', search: { redirect: loc.href }, replace: true })
    void target.finally(() => {
      redirecting = false
    })
  })
}

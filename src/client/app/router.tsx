import { createRouter } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { MessageDescriptor } from '@lingui/core'
import { routeTree } from '../routeTree.gen.ts'
import { PageLoading } from '#client/components/feedback/page-loading'
import { RouteError } from './route-error.tsx'
import { basePath } from '#client/lib/base-url'

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    // BASE_PATH (vite `base`): links and the address bar carry it, routes and navigate() do not
    basepath: basePath,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 150,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** page name for the title rule of SPEC §2 */
    title?: MessageDescriptor
  }
}

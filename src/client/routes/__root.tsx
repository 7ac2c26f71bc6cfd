import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '#client/app/router-context'
import { DocumentHead } from '#client/app/document-head'
import { loadStaffCatalog } from '#client/lib/i18n'

export const Route = createRootRouteWithContext<RouterContext>()({
  // pages outside the public website need the staff catalog (lingui.config.ts)
  beforeLoad: async ({ matches }) => {
    if (!matches.some((m) => m.routeId === '/_site' || m.routeId === '/')) await loadStaffCatalog()
  },
  component: () => (
    <>
      <DocumentHead />
      <Outlet />
    </>
  ),
  notFoundComponent: () => <Navigate to="/404" replace />,
})

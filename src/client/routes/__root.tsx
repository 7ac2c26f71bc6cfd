import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '#client/app/router'
import { DocumentHead } from '#client/app/document-head'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <DocumentHead />
      <Outlet />
    </>
  ),
  notFoundComponent: () => <Navigate to="/404" replace />,
})

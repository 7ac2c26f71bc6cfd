import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRouter,
  type ErrorRouteComponent,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'

type ProviderOptions = {
  /** a client the test fills or reads (default: a new one that does not retry) */
  queryClient?: QueryClient
  /** wraps the providers, e.g. a jotai `<Provider store>` */
  wrap?: (ui: ReactNode) => ReactNode
}

/** A query client as the tests use it: a failed query is not retried. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } })

/** Renders `ui` in the providers a page needs (lingui, react-query); answers the query client. */
export function renderInProviders(ui: ReactNode, options: ProviderOptions = {}) {
  const { queryClient = testQueryClient(), wrap = (x) => x } = options
  render(
    wrap(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </I18nProvider>,
    ),
  )
  return queryClient
}

/** Renders a router the test built (e.g. with a pathless `_staff` layout) in the providers. */
export const renderRouter = (router: AnyRouter, options: ProviderOptions = {}) =>
  renderInProviders(<RouterProvider router={router as never} />, options)

/**
 * Renders `pages` (path -> component) in a memory router that opens at `start`, in the providers;
 * `frame` stands above every page (e.g. the header's notice bell), `errorComponent` catches what a
 * page throws (e.g. the app's `RouteError`).
 */
export function renderRoutes(
  start: string,
  pages: Record<string, () => ReactNode>,
  options: ProviderOptions & { frame?: ReactNode; errorComponent?: ErrorRouteComponent } = {},
) {
  const root = createRootRoute({
    component: () => (
      <>
        {options.frame}
        <Outlet />
      </>
    ),
  })
  const routes = Object.entries(pages).map(([path, component]) =>
    createRoute({ getParentRoute: () => root, path, component }),
  )
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [start] }),
    defaultErrorComponent: options.errorComponent,
  })
  const queryClient = renderRouter(router, options)
  return { router, queryClient }
}

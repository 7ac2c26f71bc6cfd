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
} from '@tanstack/react-router'
import { fireEvent, render } from '@testing-library/react'
import type { ReactNode } from 'react'

/**
 * Renders a sign-in side page at `path` in a memory router; `/login` and `/admin/index` answer
 * a marker text, so a test sees where the page went after a send.
 */
export function renderAtRoute(path: string, page: () => ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const root = createRootRoute({ component: () => <Outlet /> })
  const at = (p: string, component: () => ReactNode) =>
    createRoute({ getParentRoute: () => root, path: p, component })
  const router = createRouter({
    routeTree: root.addChildren([
      at(path, page),
      at('/login', () => <p>login page</p>),
      at('/admin/index', () => <p>staff home</p>),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return router
}

/** Renders a component in the providers a form needs (no router). */
export function renderInProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nProvider>,
  )
}

export const field = (name: string) =>
  document.querySelector<HTMLInputElement>(
    `input[name="${name}"], textarea[name="${name}"], select[name="${name}"]`,
  )
export const fill = (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values))
    fireEvent.change(field(name)!, { target: { value } })
}
/** The message under a form-builder field ('' when none). */
export const errorOf = (name: string) =>
  document.querySelector(`[data-field="${name}"] .grid-cell-error`)?.textContent ?? ''
/** The labels of the form's fields, with their required marks. */
export const labels = () =>
  [...document.querySelectorAll('.grid-form-row > .form-label-row > label')].map(
    (l) => l.textContent,
  )
export const toastText = () => document.querySelector('.adm-toast-mask')?.textContent ?? ''

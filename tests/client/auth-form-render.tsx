import { fireEvent } from '@testing-library/react'
import type { ReactNode } from 'react'
import { renderRoutes } from './render-in-router.tsx'

export { renderInProviders } from './render-in-router.tsx'

/**
 * Renders a sign-in side page at `path` in a memory router; `/login` and `/admin/index` answer
 * a marker text (unless `path` is one of them), so a test sees where the page went after a send.
 */
export function renderAtRoute(path: string, page: () => ReactNode) {
  const pages = {
    '/login': () => <p>login page</p>,
    '/admin/index': () => <p>staff home</p>,
    [path]: page,
  }
  return renderRoutes(path, pages).router
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

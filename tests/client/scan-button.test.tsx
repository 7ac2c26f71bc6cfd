import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MenuItem } from '#shared/contract/menu'
import { ScanButton } from '#client/features/orders/scan-button'
import { userMenuQueryOptions } from '#client/features/shell/api/get-user-menu-list'
import { activateLocale } from '#client/lib/i18n'

const page = (path: string, title: string): MenuItem =>
  ({ path, name: title, component: path.slice(1), meta: { title } }) as MenuItem
const group = (path: string, children: MenuItem[]): MenuItem =>
  ({
    path,
    name: path,
    component: 'Layout',
    alwaysShow: true,
    meta: { title: path },
    children,
  }) as MenuItem

async function renderWith(menu: MenuItem[]) {
  await activateLocale('en')
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(userMenuQueryOptions().queryKey, menu)
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ScanButton />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

/** Scan opens orders: the header offers it only to users whose menu holds the order screen. */
describe('header Scan action', () => {
  it('shows for a user who may open the order screen', async () => {
    await renderWith([
      group('/order', [page('/order/order', 'Orders'), page('/order/purchase', 'Purchase')]),
    ])
    expect(screen.getByTestId('scan-button')).toBeTruthy()
  })

  it('is absent (takes no room) for a user without the order screen', async () => {
    const { container } = await renderWith([
      group('/admin', [page('/admin/news', 'News'), page('/admin/about', 'About')]),
    ])
    expect(screen.queryByTestId('scan-button')).toBeNull()
    expect(container.innerHTML).toBe('')
  })
})

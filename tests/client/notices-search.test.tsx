import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router'
import { fireEvent, screen, within } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SearchButton } from '#client/features/search/components/search-button'
import { menuPagePaths, userMenuQueryKey } from '#client/features/search/staff-pages'
import { activateLocale } from '#client/lib/i18n'
import { renderRouter, testQueryClient } from './render-in-router.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

const api = 'http://localhost:3000/api'
const server = setupServer()
let keywords: string[] = []
/** when each product search reached the server */
let askedAt: number[] = []

serveDuringTests(server, () => vi.useRealTimers())
beforeEach(async () => {
  keywords = []
  askedAt = []
  server.use(
    mswHttp.get(`${api}/CommonData/GetProductList`, ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword') ?? ''
      keywords.push(keyword)
      askedAt.push(Date.now())
      const result = [
        {
          Id: 42,
          CategoryId: 1,
          Title: '曲轴',
          TitleEn: 'Crankshaft',
          PartNo: 'CS-100',
          Summary: '',
          SummaryEn: '',
          Image: '',
          Featured: false,
        },
      ]
      return HttpResponse.json({ code: 200, msg: 'ok', data: { result, total: 1 } })
    }),
  )
  await activateLocale('en')
})

const menu = [
  {
    path: '/',
    name: 'Root',
    component: 'Layout',
    hidden: false,
    alwaysShow: false,
    menuHidden: true,
    meta: { title: 'Home' },
    children: [
      {
        path: '/workbench',
        name: 'Workbench',
        component: 'workbench',
        hidden: false,
        alwaysShow: false,
        menuHidden: false,
        meta: { title: 'All messages' },
      },
    ],
  },
  {
    path: '/order',
    name: 'Order',
    component: 'Layout',
    hidden: false,
    alwaysShow: false,
    menuHidden: false,
    meta: { title: 'Orders' },
    children: [
      {
        path: '/order/order',
        name: 'OrderList',
        component: 'order/order',
        hidden: false,
        alwaysShow: false,
        menuHidden: false,
        meta: { title: 'Orders' },
      },
    ],
  },
]

function renderSearch(withMenu = true, user?: { Role: string; Abilities: string[] }) {
  const queryClient = testQueryClient()
  if (withMenu) queryClient.setQueryData(userMenuQueryKey, menu)
  if (user) queryClient.setQueryData(['auth', 'user-info'], user as never)
  const root = createRootRoute({
    component: () => (
      <>
        <SearchButton />
        <Outlet />
      </>
    ),
  })
  const layout = createRoute({ getParentRoute: () => root, id: '_staff' })
  const page = (path: string, title: string) =>
    createRoute({
      getParentRoute: () => layout,
      path,
      staticData: { title: { id: title, message: title } },
      component: () => <p>{`${title} page`}</p>,
    })
  const pages = layout.addChildren([
    page('/workbench', 'All messages'),
    page('/order/order', 'Orders'),
    page('/system/role', 'Roles'),
  ])
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> })
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/prodetail',
    component: () => <p>detail</p>,
  })
  const router = createRouter({
    routeTree: root.addChildren([home, detail, pages]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  renderRouter(router, { queryClient })
  return router
}

const options = () =>
  screen.queryAllByTestId('search-option').map((o) => o.querySelector('.search-label')?.textContent)

describe('header search (SPEC §2)', () => {
  it('suggests orders by number to users who may see orders, and opens the order', async () => {
    const orderKeywords: string[] = []
    server.use(
      mswHttp.post(`${api}/Order/GetList`, async ({ request }) => {
        orderKeywords.push(((await request.json()) as { keyword: string }).keyword)
        const row = {
          Id: 9,
          OrderNo: 'FL2026-0009',
          Customer: '无锡威特',
          PartName: '曲轴',
          AuditStatus: 0,
          AuditComment: '',
          AuditTimeString: '',
          Remark: '',
          CreateTimeString: '',
          Quantity: 1,
          UnitPrice: 1,
          TotalSum: 1,
          PriceSign: '¥',
          JobStartTimeString: '',
          RoughForging: false,
          Workshop: 1,
          WorkshopSupervisor: '',
          MaterialQuantity: 0,
          MaterialPrice: 0,
        }
        return HttpResponse.json({ code: 200, msg: 'ok', data: { result: [row], total: 1 } })
      }),
    )
    const router = renderSearch(true, { Role: 'staff', Abilities: ['ORDERS'] })
    fireEvent.click(await screen.findByTestId('search-button'))
    const dialog = await screen.findByTestId('search-dialog')
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: 'FL2026-0009' } })
    const order = await within(dialog).findByText('FL2026-0009', {}, { timeout: 3000 })
    expect(orderKeywords).toEqual(['FL2026-0009'])
    fireEvent.click(order)
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/order/order'))
    expect(router.state.location.search).toEqual({ id: 9, orderId: 'FL2026-0009' })
  })

  it('reads page paths out of the cached server menu', () => {
    expect(menuPagePaths(menu)).toEqual(new Set(['/workbench', '/order/order']))
    expect(menuPagePaths(undefined)).toBeUndefined()
  })

  it('suggests the staff pages of the user menu, then products after a 500 ms pause', async () => {
    renderSearch()
    fireEvent.click(await screen.findByTestId('search-button'))
    const dialog = await screen.findByTestId('search-dialog')
    expect(options()).toEqual(['All messages', 'Orders'])
    const input = within(dialog).getByRole('combobox')
    const typed = Date.now()
    fireEvent.change(input, { target: { value: 'c' } })
    fireEvent.change(input, { target: { value: 'cr' } })
    fireEvent.change(input, { target: { value: 'crank' } })
    // the product name follows the language store, as on the site: with no saved choice it
    // starts from the browser's language (jsdom says en-US)
    await screen.findByText('Crankshaft')
    // one search, for the last text, asked no sooner than 500 ms after the typing
    expect(keywords).toEqual(['crank'])
    expect(askedAt[0]! - typed).toBeGreaterThanOrEqual(500)
    expect(options()).toEqual(['Crankshaft', 'Search the web for “crank”'])
  })

  it('without a cached menu offers every staff page', async () => {
    renderSearch(false)
    fireEvent.click(await screen.findByTestId('search-button'))
    await screen.findByTestId('search-dialog')
    expect(options()).toEqual(['All messages', 'Orders', 'Roles'])
  })

  it('choosing a page navigates there; choosing a product opens its detail', async () => {
    const router = renderSearch()
    fireEvent.click(await screen.findByTestId('search-button'))
    fireEvent.click(await screen.findByText('Orders'))
    expect(await screen.findByText('Orders page')).toBeTruthy()
    expect(screen.queryByTestId('search-dialog')).toBeNull()

    fireEvent.click(screen.getByTestId('search-button'))
    const input = within(await screen.findByTestId('search-dialog')).getByRole('combobox')
    fireEvent.change(input, { target: { value: 'CS-100' } })
    fireEvent.click(await screen.findByText('Crankshaft', {}, { timeout: 2000 }))
    await screen.findByText('detail')
    expect(router.state.location.pathname).toBe('/prodetail')
    expect(router.state.location.search).toEqual({ id: 42 })
  })

  it('Enter picks the highlighted suggestion', async () => {
    renderSearch()
    fireEvent.click(await screen.findByTestId('search-button'))
    const input = within(await screen.findByTestId('search-dialog')).getByRole('combobox')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(await screen.findByText('Orders page')).toBeTruthy()
  })
})

import type { QueryClient } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router'
import { screen, waitFor } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DashboardPage,
  type DashboardUser,
} from '#client/features/dashboard/components/dashboard-page'
import { activateLocale } from '#client/lib/i18n'
import { renderRouter, testQueryClient } from './render-in-router.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

const api = 'http://localhost:3000/api'
const server = setupServer()
let leavingCalls: unknown[] = []
let leavingStatus = 200
let orderCalls: unknown[] = []

serveDuringTests(server, () => vi.useRealTimers())
beforeEach(async () => {
  leavingCalls = []
  leavingStatus = 200
  orderCalls = []
  server.use(
    mswHttp.post(`${api}/Order/GetList`, async ({ request }) => {
      orderCalls.push(await request.json())
      return HttpResponse.json({ code: 200, msg: 'ok', data: { result: [], total: 7 } })
    }),
    mswHttp.post(`${api}/Notice/GetList`, () =>
      HttpResponse.json({ code: 200, msg: 'ok', data: { result: [], total: 4, UnreadCount: 4 } }),
    ),
    mswHttp.post(`${api}/Leaving/GetList`, async ({ request }) => {
      leavingCalls.push(await request.json())
      if (leavingStatus === 403)
        return HttpResponse.json({ code: 403, msg: 'forbidden', data: null }, { status: 403 })
      return HttpResponse.json({ code: 200, msg: 'ok', data: { result: [], total: 2 } })
    }),
  )
  await activateLocale('en')
})

const admin: DashboardUser = { name: 'Ada Admin', role: 'admin', abilities: ['READ'] }
const staff: DashboardUser = { name: 'Sam Worker', role: 'staff', abilities: ['READ', 'ORDERS'] }

function renderDashboard(user: DashboardUser, canOpen: (p: string) => boolean = () => true) {
  const queryClient = testQueryClient()
  const root = createRootRoute()
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <DashboardPage user={user} canOpen={canOpen} />,
  })
  // a pathless `_staff` layout, so route ids are `/_staff/...` as in the app, titled by staticData
  const layout = createRoute({ getParentRoute: () => root, id: '_staff' })
  const page = (path: string, title: string) =>
    createRoute({
      getParentRoute: () => layout,
      path,
      staticData: { title: { id: title, message: title } },
    })
  const staff = layout.addChildren([
    page('/workbench', 'All messages'),
    page('/order/order', 'Orders'),
    page('/admin/leaving', 'Visitor messages'),
  ])
  const router = createRouter({
    routeTree: root.addChildren([index, staff]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  renderRouter(router, { queryClient })
  return { queryClient }
}

/** Waits until every query the page started has answered (the barrier for "never asked"). */
const settled = async (queryClient: QueryClient) => {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0))
}

describe('<DashboardPage>', () => {
  it('greets the user by name for the hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2025, 0, 6, 9, 30))
    renderDashboard(staff)
    expect((await screen.findByTestId('dashboard-greeting')).textContent).toBe(
      'Good morning, Sam Worker',
    )
  })

  it('shows unread notices linking to /workbench', async () => {
    renderDashboard(staff)
    await waitFor(() => expect(screen.getByTestId('dash-unread-value').textContent).toBe('4'))
    expect(screen.getByTestId('dash-unread').getAttribute('href')).toBe('/workbench')
  })

  it('shows new visitor messages to content staff and admins', async () => {
    renderDashboard(admin)
    await waitFor(() => expect(screen.getByTestId('dash-visitors-value').textContent).toBe('2'))
    expect(leavingCalls).toEqual([{ handled: false, pageIndex: 1, pageSize: 1 }])
  })

  it('shows orders pending audit to those who may see orders', async () => {
    renderDashboard(staff)
    await waitFor(() =>
      expect(screen.getByTestId('dash-pending-orders-value').textContent).toBe('7'),
    )
    expect(screen.getByTestId('dash-pending-orders').getAttribute('href')).toBe('/order/order')
    expect(orderCalls).toEqual([{ auditStatus: 0, pageIndex: 1, pageSize: 1 }])
  })

  it('does not ask for orders when the role may not see them', async () => {
    const { queryClient } = renderDashboard({
      name: 'Ed',
      role: 'editor',
      abilities: ['READ', 'CONTENT'],
    })
    await screen.findByTestId('dash-unread')
    await settled(queryClient)
    expect(screen.queryByTestId('dash-pending-orders')).toBeNull()
    expect(orderCalls).toHaveLength(0)
  })

  it('does not ask for visitor messages when the role may not read them', async () => {
    const { queryClient } = renderDashboard(staff)
    await screen.findByTestId('dash-unread')
    await settled(queryClient)
    expect(screen.queryByTestId('dash-visitors')).toBeNull()
    expect(leavingCalls).toHaveLength(0)
  })

  it('hides the visitor card when the server answers 403', async () => {
    leavingStatus = 403
    renderDashboard({ name: 'Ed', role: 'editor', abilities: ['READ', 'CONTENT'] })
    await waitFor(() => expect(leavingCalls).toHaveLength(1))
    await waitFor(() => expect(screen.queryByTestId('dash-visitors')).toBeNull())
  })

  it('offers quick links only to pages in the user menu', async () => {
    renderDashboard(staff, (p) => p !== '/admin/leaving')
    const nav = await screen.findByRole('navigation', { name: 'Quick links' })
    expect(
      [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['All messages', '/workbench'],
      ['Orders', '/order/order'],
    ])
  })
})

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '#shared/contract/notices'
import { NoticeBell } from '#client/features/notices/components/notice-bell'
import { activateLocale } from '#client/lib/i18n'
import { storeTokens } from '#client/lib/session-tokens'
import { renderRoutes } from './render-in-router.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

const api = 'http://localhost:3000/api'
const server = setupServer()

const at = (i: number) => `2025-03-0${i}T08:00:00.000Z`
const seed = (): Notice[] => [
  {
    Id: 1,
    Msg: 'Purchase P-1 needs audit',
    CreateTimeString: at(1),
    IsRead: false,
    CreateType: 0,
    OrderId: 11,
    OrderNo: 'P-1',
  },
  {
    Id: 2,
    Msg: 'Order A-1 passed audit',
    CreateTimeString: at(2),
    IsRead: false,
    CreateType: 2,
    OrderId: 3,
    OrderNo: 'A-1',
  },
  {
    Id: 3,
    Msg: 'Shipment S-9 left',
    CreateTimeString: at(3),
    IsRead: false,
    CreateType: 3,
    OrderId: 9,
    OrderNo: 'S-9',
  },
  {
    Id: 4,
    Msg: 'Outsourcing O-2 returned',
    CreateTimeString: at(4),
    IsRead: true,
    CreateType: 1,
    OrderId: 5,
    OrderNo: 'O-2',
  },
]
let notices: Notice[] = []
let posts: { body: unknown; key: string | null }[] = []

/** The server side of the contract: Notice/GetList with its filters and PostCommon ReadNotice. */
function noticeServer() {
  server.use(
    mswHttp.post(`${api}/Notice/GetList`, async ({ request }) => {
      const b = (await request.json()) as { pageSize: number; isAll: boolean; isRead?: boolean }
      let rows = notices
      if (!b.isAll) rows = rows.filter((n) => !n.IsRead)
      if (b.isRead !== undefined) rows = rows.filter((n) => n.IsRead === b.isRead)
      const data = {
        result: rows.slice(0, b.pageSize),
        total: rows.length,
        UnreadCount: notices.filter((n) => !n.IsRead).length,
      }
      return HttpResponse.json({ code: 200, msg: 'ok', data })
    }),
    mswHttp.post(`${api}/PostData/PostCommon`, async ({ request }) => {
      const body = (await request.json()) as { postData: { updateRecords: { Id: number }[] } }
      posts.push({ body, key: request.headers.get('Idempotency-Key') })
      const ids = new Set(body.postData.updateRecords.map((r) => r.Id))
      notices = notices.map((n) => (ids.has(n.Id) ? { ...n, IsRead: true } : n))
      return HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: { inserted: 0, updated: ids.size, removed: 0 },
      })
    }),
  )
}

class QuietSocket {
  readyState = 0
  onopen = null
  onmessage = null
  onclose = null
  send() {}
  close() {}
}

const renderBell = () =>
  renderRoutes(
    '/',
    { '/': () => <p>home</p>, '/workbench': () => <p>all messages page</p> },
    { frame: <NoticeBell /> },
  )

const bell = () => screen.findByTestId('notice-bell')
async function openPanel() {
  fireEvent.click(await bell())
  const panel = await screen.findByTestId('notice-panel')
  await within(panel).findAllByTestId('notice-item')
  return panel
}

serveDuringTests(server, () => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})
beforeEach(async () => {
  notices = seed()
  posts = []
  storeTokens({ Token: 'tok', RefreshToken: 'ref' })
  vi.stubGlobal('WebSocket', QuietSocket)
  noticeServer()
  await activateLocale('en')
})

describe('<NoticeBell>', () => {
  it('shows the unread count on the badge', async () => {
    renderBell()
    expect(await screen.findByTestId('notice-bell-count')).toHaveProperty('textContent', '3')
    expect((await bell()).getAttribute('aria-label')).toBe('Notices: 3 unread')
    expect((await bell()).getAttribute('data-shell-control')).toBe('notice')
  })

  it('shows 99+ above 99 unread', async () => {
    const many = (k: number): Notice[] =>
      Array.from({ length: k }, (_, i) => ({ ...seed()[0]!, Id: 100 + i }))
    notices = many(100)
    renderBell()
    expect(await screen.findByTestId('notice-bell-count')).toHaveProperty('textContent', '99+')
    // the accessible name keeps the real figure
    expect((await bell()).getAttribute('aria-label')).toBe('Notices: 100 unread')
  })

  it('shows 99 as 99', async () => {
    notices = Array.from({ length: 99 }, (_, i) => ({ ...seed()[0]!, Id: 100 + i }))
    renderBell()
    expect(await screen.findByTestId('notice-bell-count')).toHaveProperty('textContent', '99')
  })

  it('hides the badge at zero', async () => {
    notices = notices.map((n) => ({ ...n, IsRead: true }))
    renderBell()
    await waitFor(() =>
      expect((screen.getByTestId('notice-bell') as HTMLElement).getAttribute('aria-label')).toBe(
        'Notices',
      ),
    )
    expect(screen.queryByTestId('notice-bell-count')).toBeNull()
  })

  it('lists unread notices and, in the second tab, recently read ones', async () => {
    renderBell()
    const panel = await openPanel()
    expect(
      within(panel)
        .getAllByTestId('notice-item')
        .map((li) => li.querySelector('.notice-msg')?.textContent),
    ).toEqual(['Purchase P-1 needs audit', 'Order A-1 passed audit', 'Shipment S-9 left'])
    fireEvent.click(within(panel).getByText('Recently read'))
    await waitFor(() => expect(within(panel).getByText('Outsourcing O-2 returned')).toBeTruthy())
  })

  it('Clear messages marks every listed unread notice read with one PostCommon call', async () => {
    renderBell()
    const panel = await openPanel()
    fireEvent.click(within(panel).getByTestId('notice-clear'))
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]!.body).toEqual({
      postUrl: 'ReadNotice',
      postData: { updateRecords: [{ Id: 1 }, { Id: 2 }, { Id: 3 }] },
    })
    expect(posts[0]!.key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(await screen.findByText('Messages cleared')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('notice-bell-count')).toBeNull())
    await waitFor(() => expect(within(panel).getByTestId('notice-empty')).toBeTruthy())
  })

  it('View opens the notice page in a new tab and marks it read', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    renderBell()
    const panel = await openPanel()
    fireEvent.click(within(panel).getByRole('button', { name: 'View: Order A-1 passed audit' }))
    expect(open).toHaveBeenCalledWith('/order/order?id=3&orderId=A-1', '_blank', 'noopener')
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]!.body).toEqual({
      postUrl: 'ReadNotice',
      postData: { updateRecords: [{ Id: 2 }] },
    })
    await waitFor(() => expect(screen.getByTestId('notice-bell-count').textContent).toBe('2'))
  })

  it('View of an already read notice does not post', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { queryClient } = renderBell()
    const panel = await openPanel()
    fireEvent.click(within(panel).getByText('Recently read'))
    fireEvent.click(
      await within(panel).findByRole('button', { name: 'View: Outsourcing O-2 returned' }),
    )
    expect(open).toHaveBeenCalledWith(
      '/supplier/outsourcing?id=5&orderId=O-2',
      '_blank',
      'noopener',
    )
    // a post would be a mutation started by the click, still pending or already sent
    expect(queryClient.isMutating()).toBe(0)
    expect(posts).toHaveLength(0)
  })

  it('All messages goes to /workbench', async () => {
    const { router } = renderBell()
    const panel = await openPanel()
    fireEvent.click(within(panel).getByTestId('notice-all'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/workbench'))
    expect(await screen.findByText('all messages page')).toBeTruthy()
  })

  it('opens as a bottom sheet on phones', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    renderBell()
    fireEvent.click(await bell())
    const sheet = await screen.findByRole('dialog', { name: 'Notices' })
    expect(sheet.closest('.adm-popup')).not.toBeNull()
    expect(await within(sheet).findAllByTestId('notice-item')).toHaveLength(3)
  })
})

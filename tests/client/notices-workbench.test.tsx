import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '#shared/contract/notices'
import { WorkbenchPage } from '#client/features/notices/components/workbench-page'
import {
  parseWorkbenchSearch,
  type WorkbenchSearch,
} from '#client/features/notices/workbench-search'
import { activateLocale } from '#client/lib/i18n'
import { serveDuringTests } from './serve-during-tests.ts'

const api = 'http://localhost:3000/api'
const server = setupServer()
let bodies: Record<string, unknown>[] = []
let posts: unknown[] = []
let notices: Notice[] = []

const make = (Id: number, over: Partial<Notice> = {}): Notice => ({
  Id,
  Msg: `Notice ${Id}`,
  CreateTimeString: '2025-03-01T08:00:00.000Z',
  IsRead: Id % 2 === 0,
  CreateType: (Id % 4) as Notice['CreateType'],
  OrderId: Id,
  OrderNo: `N-${Id}`,
  ...over,
})

serveDuringTests(server, () => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})
beforeEach(async () => {
  bodies = []
  posts = []
  notices = Array.from({ length: 23 }, (_, i) => make(i + 1))
  server.use(
    mswHttp.post(`${api}/Notice/GetList`, async ({ request }) => {
      const b = (await request.json()) as {
        pageIndex: number
        pageSize: number
        isRead?: boolean
        createType?: number
      }
      bodies.push(b)
      let rows = notices
      if (b.isRead !== undefined) rows = rows.filter((n) => n.IsRead === b.isRead)
      if (b.createType !== undefined) rows = rows.filter((n) => n.CreateType === b.createType)
      const start = (b.pageIndex - 1) * b.pageSize
      const data = {
        result: rows.slice(start, start + b.pageSize),
        total: rows.length,
        UnreadCount: notices.filter((n) => !n.IsRead).length,
      }
      return HttpResponse.json({ code: 200, msg: 'ok', data })
    }),
    mswHttp.post(`${api}/PostData/PostCommon`, async ({ request }) => {
      posts.push(await request.json())
      return HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: { inserted: 0, updated: 1, removed: 0 },
      })
    }),
  )
  await activateLocale('en')
})

function Harness({ initial }: { initial: WorkbenchSearch }) {
  const [search, setSearch] = useState(initial)
  return <WorkbenchPage search={search} onSearch={setSearch} />
}

function renderWorkbench(initial: WorkbenchSearch = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Harness initial={initial} />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

const rows = () => screen.queryAllByTestId('workbench-row')

describe('/workbench', () => {
  it('reads only known search params', () => {
    expect(parseWorkbenchSearch({ type: '2', state: 'unread', page: '3' })).toEqual({
      type: 2,
      state: 'unread',
      page: 3,
    })
    expect(parseWorkbenchSearch({ type: '9', state: 'x', page: '-1' })).toEqual({})
    expect(parseWorkbenchSearch({ type: '0', page: '1' })).toEqual({ type: 0 })
  })

  it('lists all notices in a table on wide screens, paged', async () => {
    renderWorkbench()
    const list = await screen.findByTestId('workbench-list')
    expect(list.tagName).toBe('TABLE')
    // jsdom's window is 768 px high: SPEC §9 page size 15
    expect(rows()).toHaveLength(15)
    expect(screen.getByText('Page 1 of 2 · 23 messages')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(rows()).toHaveLength(8))
    expect(bodies.at(-1)).toEqual({ pageIndex: 2, pageSize: 15, isAll: true })
  })

  it('filters by type and read state', async () => {
    renderWorkbench()
    await screen.findByTestId('workbench-list')
    fireEvent.click(within(screen.getByRole('group', { name: 'Type' })).getByText('Orders'))
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ pageIndex: 1, pageSize: 15, isAll: true, createType: 2 }),
    )
    fireEvent.click(within(screen.getByRole('group', { name: 'State' })).getByText('Unread'))
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        pageIndex: 1,
        pageSize: 15,
        isAll: true,
        isRead: false,
        createType: 2,
      }),
    )
    await waitFor(() =>
      expect(rows().map((r) => r.querySelector('.workbench-msg')?.textContent)).toEqual([]),
    )
    fireEvent.click(within(screen.getByRole('group', { name: 'Type' })).getByText('Outsourcing'))
    await waitFor(() =>
      expect(rows().map((r) => r.querySelector('.workbench-msg')?.textContent)).toEqual([
        'Notice 1',
        'Notice 5',
        'Notice 9',
        'Notice 13',
        'Notice 17',
        'Notice 21',
      ]),
    )
  })

  it('View opens the page of the notice and marks it read', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    renderWorkbench({ state: 'unread' })
    await screen.findByTestId('workbench-list')
    fireEvent.click(screen.getByRole('button', { name: 'View: Notice 3' }))
    expect(open).toHaveBeenCalledWith('/ship/ship?id=3&orderId=N-3', '_blank', 'noopener')
    await waitFor(() =>
      expect(posts).toEqual([{ postUrl: 'ReadNotice', postData: { updateRecords: [{ Id: 3 }] } }]),
    )
  })

  it('shows cards at phone width', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    renderWorkbench()
    const list = await screen.findByTestId('workbench-list')
    expect(list.tagName).toBe('UL')
    expect(within(list).getAllByTestId('workbench-row')[0]!.textContent).toContain('N-1')
  })
})

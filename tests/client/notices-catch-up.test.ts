import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Notice } from '#shared/contract/notices'
import { catchUpNotices } from '#client/features/notices/api/catch-up-notices'
import {
  noticesQueryOptions,
  recentlyReadFilters,
  unreadFilters,
} from '#client/features/notices/api/get-notices'
import { storeTokens } from '#client/lib/session-tokens'

const api = 'http://localhost:3000/api'
const server = setupServer()
const n = (Id: number, IsRead = false): Notice => ({
  Id,
  Msg: `notice ${Id}`,
  CreateTimeString: '2026-11-20T08:00:00.000Z',
  IsRead,
  CreateType: 2,
  OrderId: Id,
  OrderNo: `SO-${Id}`,
})

let notices: Notice[] = []
let requests: { isAll: boolean; isRead?: boolean; pageSize: number }[] = []

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  storeTokens({ Token: 'tok', RefreshToken: 'ref' })
  notices = [n(1), n(2), n(3, true)]
  requests = []
  server.use(
    mswHttp.post(`${api}/Notice/GetList`, async ({ request }) => {
      const b = (await request.json()) as { pageSize: number; isAll: boolean; isRead?: boolean }
      requests.push(b)
      let rows = notices
      if (!b.isAll) rows = rows.filter((x) => !x.IsRead)
      if (b.isRead !== undefined) rows = rows.filter((x) => x.IsRead === b.isRead)
      const data = {
        result: rows.slice(0, b.pageSize),
        total: rows.length,
        UnreadCount: notices.filter((x) => !x.IsRead).length,
      }
      return HttpResponse.json({ code: 200, msg: 'ok', data })
    }),
  )
})
afterEach(() => server.resetHandlers())

/** A tab with the bell, its read tab and the workbench open: three active notices queries. */
async function openTab() {
  const q = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const observers = [
    unreadFilters,
    recentlyReadFilters,
    { pageIndex: 1, pageSize: 20, isAll: true },
  ].map((f) => new QueryObserver(q, noticesQueryOptions(f, 'en')))
  const unsubscribe = observers.map((o) => o.subscribe(() => undefined))
  await Promise.all(observers.map((o) => o.refetch()))
  requests = []
  return { q, close: () => unsubscribe.forEach((u) => u()) }
}

describe('catching up after a reconnect', () => {
  it('costs one request when nothing was missed, not a reload of every notices query', async () => {
    const tab = await openTab()
    await catchUpNotices(tab.q, 'en')
    await new Promise((r) => setTimeout(r, 20))
    expect(requests).toEqual([{ pageIndex: 1, pageSize: 10, isAll: false }])
    tab.close()
  })

  it('refetches the other notices queries once when the unread page shows a missed notice', async () => {
    const tab = await openTab()
    notices = [n(4), ...notices]
    await catchUpNotices(tab.q, 'en')
    await new Promise((r) => setTimeout(r, 20))
    expect(requests).toHaveLength(3)
    expect(requests.filter((r) => !r.isAll)).toHaveLength(1)
    expect(tab.q.getQueryData(noticesQueryOptions(unreadFilters, 'en').queryKey)).toMatchObject({
      UnreadCount: 3,
    })
    tab.close()
  })
})

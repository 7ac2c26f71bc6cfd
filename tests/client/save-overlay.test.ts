import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { postGridSave } from '#client/features/orders/api/post-grid-save'
import { getGridList } from '#client/features/orders/api/get-grid-list'
import { orderGrid } from '#client/features/orders/kinds/order-grids'

const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const overlay = () => document.querySelector('[data-testid="loading-overlay"]')
const saved = { code: 200, msg: 'ok', data: { inserted: 0, updated: 1, removed: 0 } }

describe('SPEC §7 doEdit loading overlay on the real saves', () => {
  it('a grid save (PostData/PostCommon SaveOrder) covers the page until it answers; a list read and an offline replay do not', async () => {
    let release!: () => void
    let held = new Promise<void>((r) => (release = r))
    server.use(
      mswHttp.post(
        `${api}/PostData/PostCommon`,
        async () => (await held, HttpResponse.json(saved)),
      ),
      mswHttp.post(`${api}/Order/GetList`, () =>
        HttpResponse.json({
          code: 200,
          msg: 'ok',
          data: { pageIndex: 1, pageSize: 15, total: 0, result: [] },
        }),
      ),
    )
    const postData = { updateRecords: [{ id: 1, customer: 'ACME' }] }
    const saving = postGridSave({
      postUrl: 'SaveOrder',
      kind: 'Order',
      postData,
      idempotencyKey: 'k1',
    })
    await vi.waitFor(() => expect(overlay()).not.toBeNull())
    release()
    await saving
    expect(overlay()).toBeNull()

    await getGridList(orderGrid, { pageIndex: 1, pageSize: 15 }).catch(() => undefined)
    expect(overlay()).toBeNull()

    held = new Promise<void>((r) => (release = r))
    const replay = postGridSave({
      postUrl: 'SaveOrder',
      kind: 'Order',
      postData,
      idempotencyKey: 'k2',
      queuedOffline: true,
    })
    await new Promise((r) => setTimeout(r, 20))
    expect(overlay()).toBeNull()
    release()
    await replay
  })
})

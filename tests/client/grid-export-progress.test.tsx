import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '#shared/contract/auth'
import { userInfoQueryOptions } from '#client/features/auth/api/get-user-info'
import { DataGrid } from '#client/features/orders/grid/data-grid'
import { ExportProgress } from '#client/features/orders/grid/export-progress'
import { orderGrid } from '#client/features/orders/kinds/order-grids'
import { postDownloadCall, type DownloadProgress } from '#client/lib/download-call'
import { activateLocale } from '#client/lib/i18n'

const api = 'http://localhost:3000/api'
const server = setupServer()
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const fileHeaders = {
  'content-type': xlsx,
  'content-disposition': 'attachment; filename="Order-2026-01-01.xlsx"',
  'x-total-count': '100000',
}

/** A file body arriving in chunks of `size` bytes; after the given chunks it stays open unless `end`. */
function chunked(chunks: number[], end: boolean) {
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const n of chunks) c.enqueue(new Uint8Array(n))
      if (end) c.close()
    },
  })
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }),
  )
  await activateLocale('en')
})
afterEach(async () => {
  server.resetHandlers()
  vi.unstubAllGlobals()
  await activateLocale('zh')
})
afterAll(() => server.close())

const wrap = (ui: React.ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>

describe('export progress', () => {
  it('counts the bytes of a streamed file and passes on the row count the server sent', async () => {
    server.use(
      mswHttp.post(
        `${api}/Order/Export`,
        () => new HttpResponse(chunked([1000, 2000, 500], true), { headers: fileHeaders }),
      ),
    )
    const seen: DownloadProgress[] = []
    const name = await postDownloadCall('Order/Export', {}, 'Order.xlsx', {
      onProgress: (p) => seen.push(p),
    })
    expect(name).toBe('Order-2026-01-01.xlsx')
    expect(seen.at(-1)).toEqual({ bytes: 3500, rows: 100000 })
    // it grew as the file came, never backwards
    expect(seen.map((p) => p.bytes)).toEqual([...seen.map((p) => p.bytes)].sort((a, b) => a - b))
    expect(seen.length).toBeGreaterThan(1)
  })

  it('shows rows and megabytes, the share done once the bytes per row are known, and cancels', async () => {
    const onCancel = vi.fn()
    const { rerender } = render(
      wrap(<ExportProgress progress={{ bytes: 3_355_443, rows: 100_000 }} onCancel={onCancel} />),
    )
    expect(screen.getByTestId('export-progress').textContent).toBe(
      'Exporting 100,000 rows… 3.2 MB receivedCancel',
    )
    rerender(
      wrap(
        <ExportProgress
          progress={{ bytes: 3_355_443, rows: 100_000 }}
          bytesPerRow={84}
          onCancel={onCancel}
        />,
      ),
    )
    expect(screen.getByTestId('export-progress').textContent).toContain('(about 39%)')
    fireEvent.click(screen.getByTestId('export-cancel'))
    expect(onCancel).toHaveBeenCalledTimes(1)
    await activateLocale('zh')
    rerender(wrap(<ExportProgress progress={{ bytes: 1_048_576 }} onCancel={onCancel} />))
    expect(screen.getByTestId('export-progress').textContent).toBe('正在导出…已接收 1.0 MB取消')
  })

  it('an export still running after a second shows its progress in the grid, and Cancel stops it', async () => {
    let aborted = false
    server.use(
      mswHttp.get(`${api}/User/GetColumnPrefs`, () =>
        HttpResponse.json({ code: 200, msg: 'ok', data: null }),
      ),
      mswHttp.post(`${api}/Order/GetList`, () =>
        HttpResponse.json({ code: 200, msg: 'ok', data: { result: [], total: 0 } }),
      ),
      mswHttp.post(`${api}/Order/Export`, ({ request }) => {
        request.signal.addEventListener('abort', () => (aborted = true))
        // 2 MB, then the server is still writing
        return new HttpResponse(chunked([1_048_576, 1_048_576], false), { headers: fileHeaders })
      }),
    )
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const me: UserInfo = {
      LoginName: 'sam',
      Role: 'staff',
      RealName: 'Sam',
      Avatar: '',
      Abilities: ['READ', 'ORDERS'],
      MustChangePassword: false,
    }
    queryClient.setQueryData(userInfoQueryOptions().queryKey, me)
    render(
      wrap(
        <QueryClientProvider client={queryClient}>
          <DataGrid config={orderGrid} />
        </QueryClientProvider>,
      ),
    )
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Export' }))
    const panel = await screen.findByTestId('export-progress')
    expect(panel.textContent).toContain('Exporting 100,000 rows… 2.0 MB received')
    fireEvent.click(within(panel).getByTestId('export-cancel'))
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull())
    expect(await screen.findByText('Export cancelled')).toBeTruthy()
    expect(aborted).toBe(true)
    expect(URL.createObjectURL).not.toHaveBeenCalled()
  })
})

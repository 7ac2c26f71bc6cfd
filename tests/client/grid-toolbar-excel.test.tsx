import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { UserInfo } from '#shared/contract/auth'
import { userInfoQueryOptions } from '#client/features/auth/api/get-user-info'
import { DataGrid } from '#client/features/orders/grid/data-grid'
import { orderGrid } from '#client/features/orders/kinds/order-grids'
import { activateLocale } from '#client/lib/i18n'

const api = 'http://localhost:3000/api'
const server = setupServer()
let uploads: string[] = []

const row = {
  Id: 1,
  OrderNo: 'SO-1',
  Customer: 'ACME',
  PartName: 'Flange',
  Quantity: 2,
  UnitPrice: 1.5,
  TotalSum: 3,
  PriceSign: '¥',
  JobStartTimeString: '',
  RoughForging: false,
  Workshop: 1,
  WorkshopSupervisor: '',
  MaterialQuantity: 0,
  MaterialPrice: 0,
  AuditStatus: 0,
  AuditComment: '',
  AuditTimeString: '',
  Remark: '',
  CreateTimeString: '',
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  uploads = []
  server.use(
    // the column choice's server copy (nothing saved yet)
    mswHttp.get(`${api}/User/GetColumnPrefs`, () =>
      HttpResponse.json({ code: 200, msg: 'ok', data: null }),
    ),
    mswHttp.post(`${api}/User/SaveColumnPrefs`, () =>
      HttpResponse.json({ code: 200, msg: 'ok', data: null }),
    ),
    mswHttp.post(`${api}/Order/GetList`, () =>
      HttpResponse.json({ code: 200, msg: 'ok', data: { result: [row], total: 1 } }),
    ),
    mswHttp.post(`${api}/Order/Upload`, async ({ request }) => {
      // jsdom's File reaches the handler as a blob part; its presence is what counts here
      uploads.push((await request.formData()).has('file') ? 'file' : 'none')
      return HttpResponse.json(
        {
          code: 400,
          msg: '2 row(s) refused; nothing was imported',
          data: {
            insertRows: 0,
            updateRows: 0,
            unchangedRows: 0,
            changedRows: [],
            applied: false,
            token: '',
            rejectedRows: [
              { row: 3, field: 'OrderNo', column: 'Order number', reason: 'Order number required' },
              { row: 9, field: 'Quantity', column: 'Quantity', reason: 'Must not be less than 0' },
            ],
            ignoredColumns: [],
          },
        },
        { status: 400 },
      )
    }),
  )
  await activateLocale('en')
})
afterEach(async () => {
  server.resetHandlers()
  await activateLocale('zh')
})
afterAll(() => server.close())

const user = (abilities: string[]): UserInfo => ({
  LoginName: 'sam',
  Role: 'staff',
  RealName: 'Sam',
  Avatar: '',
  Abilities: ['READ', 'ORDERS', ...abilities],
  MustChangePassword: false,
})

function renderGrid(me: UserInfo) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(userInfoQueryOptions().queryKey, me)
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DataGrid config={orderGrid} />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

// the label as read aloud: the required mark (*) is aria-hidden
const headers = () =>
  screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/\*$/, ''))

describe('grid toolbar: import, export, columns, permission strings', () => {
  it('offers import, export and columns; a previewed import lists its refused rows and cannot be applied', async () => {
    renderGrid(user([]))
    const toolbar = screen.getByRole('toolbar')
    for (const name of ['Import', 'Export', 'Columns', 'Full screen'])
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy()
    const input = screen.getByTestId('grid-import-file') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['x'], 'orders.xlsx')] } })
    const rows = await screen.findAllByTestId('import-rejected-row')
    expect(uploads).toEqual(['file'])
    expect(rows.map((r) => r.textContent)).toEqual([
      '3Order numberOrder number required',
      '9QuantityMust not be less than 0',
    ])
    expect((screen.getByTestId('import-apply') as HTMLButtonElement).disabled).toBe(true)
  })

  it('hides the buttons and columns the permission strings switch off', async () => {
    // the role's strings arrive in the user info's Permissions (or Abilities)
    renderGrid({
      ...user(['button-import-show-false']),
      Permissions: [
        'button-export-show-false',
        'column-UnitPrice-show-false',
        'column-Customer-show-true',
      ],
    } as UserInfo)
    const toolbar = screen.getByRole('toolbar')
    expect(within(toolbar).queryByRole('button', { name: 'Export' })).toBeNull()
    expect(within(toolbar).queryByRole('button', { name: 'Import' })).toBeNull()
    expect(within(toolbar).getByRole('button', { name: 'Add' })).toBeTruthy()
    expect(headers()).not.toContain('Unit price')
    expect(headers()).toContain('Customer')
  })

  it('saves the chosen columns for the user and shows them again on the next visit', async () => {
    const first = renderGrid(user([]))
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Columns' }))
    const picker = await screen.findByTestId('column-picker')
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'Customer' }))
    fireEvent.click(within(picker).getByRole('button', { name: 'Move Remark up' }))
    await waitFor(() => expect(headers()).not.toContain('Customer'))
    expect(headers().slice(-2)).toEqual(['Remark', 'Audit'])
    expect(JSON.parse(localStorage.getItem('forgeline-grid-columns:sam:Order')!)).toMatchObject({
      hidden: ['Customer'],
    })
    first.unmount()
    const second = renderGrid(user([]))
    expect(headers()).not.toContain('Customer')
    second.unmount()
    // another account on the same browser keeps its own columns
    renderGrid({ ...user([]), LoginName: 'ann' })
    expect(headers()).toContain('Customer')
  })
})

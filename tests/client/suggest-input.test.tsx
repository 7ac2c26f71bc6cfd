import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CellEditor } from '#client/features/orders/grid/grid-cell'
import type { GridColumn } from '#client/features/orders/grid/grid-config'
import { activateLocale } from '#client/lib/i18n'

/** Auto-complete grid cells: keyboard on desktop, the search sheet on phones. */
const api = 'http://localhost:3000/api'
const server = setupServer()
const asked: URLSearchParams[] = []
const customers = ['Acme Forging', 'Acme Tools', 'Old Acme Works']

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  asked.length = 0
  server.use(
    mswHttp.get(`${api}/Order/GetSelectList`, ({ request }) => {
      const q = new URL(request.url).searchParams
      asked.push(q)
      const keyword = (q.get('keyword') ?? '').toLowerCase()
      const data = customers
        .filter((c) => c.toLowerCase().includes(keyword))
        .map((c) => ({ label: c, value: c }))
      return HttpResponse.json({ code: 200, msg: 'ok', data })
    }),
  )
  await activateLocale('en')
})
afterEach(async () => {
  server.resetHandlers()
  vi.unstubAllGlobals()
  await activateLocale('zh')
})
afterAll(() => server.close())

const column: GridColumn = {
  key: 'Customer',
  label: { id: 'Customer', message: 'Customer' },
  type: 'text',
  editable: true,
  suggest: { kind: 'Order', type: 'Customer' },
}

/** A grid cell with the editor, its value kept like the grid keeps it; `cellKeys` gets the keys that reach the cell. */
function renderCell(cellKeys: string[] = [], start = '') {
  const values: string[] = []
  function Cell() {
    const [value, setValue] = useState<unknown>(start)
    return (
      <div data-testid="cell" onKeyDown={(e) => cellKeys.push(e.key)}>
        <CellEditor
          column={column}
          value={value}
          onChange={(v) => (values.push(String(v)), setValue(v))}
        />
        <output data-testid="value">{String(value)}</output>
      </div>
    )
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Cell />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { values, value: () => screen.getByTestId('value').textContent }
}

const options = () => within(screen.getByRole('listbox')).getAllByRole('option')

describe('suggest input on a wide screen (combobox)', () => {
  it('lists suggestions as typed; arrows move, Enter picks, and the grid cell does not see those keys', async () => {
    const cellKeys: string[] = []
    const cell = renderCell(cellKeys)
    const input = screen.getByRole('combobox', { name: 'Customer' })
    expect(input.getAttribute('aria-expanded')).toBe('false')
    fireEvent.change(input, { target: { value: 'acme' } })
    await waitFor(() => expect(options()).toHaveLength(3))
    expect(asked.at(-1)?.get('type')).toBe('Customer')
    expect(asked.at(-1)?.get('keyword')).toBe('acme')
    expect(asked.at(-1)?.get('limit')).toBe('10')
    expect(input.getAttribute('aria-expanded')).toBe('true')
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id)
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)

    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]!.id)
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]!.id)
    // past the last one: back to the first; up from the first: the last
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]!.id)
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]!.id)
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(cell.value()).toBe('Acme Tools')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(cellKeys).toEqual([])
    // with the list closed, the keys go on to the grid (Enter ends the edit, arrows move a row)
    fireEvent.keyDown(input, { key: 'Enter' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(cellKeys).toEqual(['Enter', 'ArrowDown'])
  })

  it('Escape closes the list and keeps the typed text; free text is kept; Alt+Down opens the list again', async () => {
    const cellKeys: string[] = []
    const cell = renderCell(cellKeys)
    const input = screen.getByRole('combobox', { name: 'Customer' })
    fireEvent.change(input, { target: { value: 'Old' } })
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Old Acme Works']))
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(cell.value()).toBe('Old')
    expect(cellKeys).toEqual([])
    // a second Escape reaches the grid (it cancels the edit there)
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(cellKeys).toEqual(['Escape'])
    fireEvent.keyDown(input, { key: 'ArrowDown', altKey: true })
    await waitFor(() => expect(options()).toHaveLength(1))
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)

    // a value nobody used before: no suggestion, the text stays as typed
    fireEvent.change(input, { target: { value: 'Brand New Customer' } })
    await waitFor(() => expect(asked.at(-1)?.get('keyword')).toBe('Brand New Customer'))
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(cell.value()).toBe('Brand New Customer')
    expect(cellKeys).toEqual(['Escape', 'Enter'])
  })

  it('a click on a suggestion picks it', async () => {
    const cell = renderCell()
    const input = screen.getByRole('combobox', { name: 'Customer' })
    fireEvent.change(input, { target: { value: 'tools' } })
    await waitFor(() => expect(options()).toHaveLength(1))
    fireEvent.mouseDown(options()[0]!)
    expect(cell.value()).toBe('Acme Tools')
  })
})

describe('suggest input on a phone (search sheet)', () => {
  const phoneScreen = () =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }))

  it('picks a suggestion from the sheet, or uses the text as typed', async () => {
    phoneScreen()
    const cell = renderCell([], 'Acme')
    const open = screen.getByTestId('suggest-Customer-open')
    expect(open.textContent).toBe('Acme')
    fireEvent.click(open)
    const sheet = await screen.findByTestId('suggest-Customer')
    const search = within(sheet).getByRole('searchbox', { name: 'Customer' })
    // starts from the current value
    expect((search as HTMLInputElement).value).toBe('Acme')
    await waitFor(() =>
      expect(within(sheet).getAllByTestId('suggest-Customer-choice')).toHaveLength(3),
    )
    fireEvent.change(search, { target: { value: 'works' } })
    await waitFor(() =>
      expect(
        within(sheet)
          .getAllByTestId('suggest-Customer-choice')
          .map((b) => b.textContent),
      ).toEqual(['Old Acme Works']),
    )
    fireEvent.click(within(sheet).getByTestId('suggest-Customer-choice'))
    expect(cell.value()).toBe('Old Acme Works')
    await waitFor(() => expect(screen.queryByTestId('suggest-Customer')).toBeNull())

    fireEvent.click(screen.getByTestId('suggest-Customer-open'))
    const again = await screen.findByTestId('suggest-Customer')
    fireEvent.change(within(again).getByRole('searchbox'), { target: { value: 'Zenith Axles' } })
    const free = await within(again).findByTestId('suggest-Customer-free')
    expect(free.textContent).toBe('Use “Zenith Axles”')
    await act(async () => fireEvent.click(free))
    expect(cell.value()).toBe('Zenith Axles')
  })
})

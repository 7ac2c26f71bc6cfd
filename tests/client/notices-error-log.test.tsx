import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { envelope } from '#shared/contract/envelope'
import { ErrorLogButton } from '#client/features/error-log/components/error-log-button'
import { errorSearchLinks } from '#client/features/error-log/components/error-log-dialog'
import { clearErrors, errorEntries } from '#client/features/error-log/error-store'
import { activateLocale } from '#client/lib/i18n'
import { getCall, postCall } from '#client/lib/http'

const api = 'http://localhost:3000/api'
const server = setupServer()
const answer = envelope(z.unknown())

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  clearErrors()
  history.replaceState(null, '', '/order/order?id=3')
  server.use(
    mswHttp.get(`${api}/Broken`, () =>
      HttpResponse.json({ code: 500, msg: 'Database is on fire', data: null }),
    ),
    mswHttp.post(`${api}/BrokenSave`, () =>
      HttpResponse.json(
        { code: 409, msg: 'Someone else saved first', data: null },
        { status: 409 },
      ),
    ),
  )
  await activateLocale('en')
})
afterEach(async () => {
  server.resetHandlers()
  await activateLocale('zh')
})
afterAll(() => server.close())

function FailingQuery() {
  useQuery({ queryKey: ['orders', 'list'], queryFn: () => getCall('Broken', answer), retry: false })
  return null
}
function FailingMutation() {
  const m = useMutation({
    mutationKey: ['orders', 'save'],
    mutationFn: () => postCall('BrokenSave', answer, {}),
    retry: false,
  })
  return (
    <button type="button" onClick={() => m.mutate()}>
      save
    </button>
  )
}

function renderLog(extra: ReactNode = null) {
  const queryClient = new QueryClient()
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ErrorLogButton />
        {extra}
      </QueryClientProvider>
    </I18nProvider>,
  )
  return queryClient
}

const fire = (target: EventTarget, event: Event) => act(() => void target.dispatchEvent(event))

describe('error log (SPEC §2, §8)', () => {
  it('is hidden while empty', () => {
    renderLog()
    expect(screen.queryByTestId('error-log-button')).toBeNull()
  })

  it('collects window errors and unhandled rejections with the route, message and stack', async () => {
    renderLog()
    const boom = new Error('Cannot read properties of undefined')
    fire(window, new ErrorEvent('error', { error: boom, message: boom.message }))
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown }
    rejection.reason = new TypeError('Failed to fetch chunk')
    fire(window, rejection)
    const entries = errorEntries()
    expect(entries.map((e) => [e.source, e.url, e.message])).toEqual([
      ['promise', '/order/order?id=3', 'Failed to fetch chunk'],
      ['error', '/order/order?id=3', 'Cannot read properties of undefined'],
    ])
    expect(entries[1]!.stack).toContain('Cannot read properties of undefined')
    expect(screen.getByTestId('error-log-button-count').textContent).toBe('2')
  })

  it('collects rejected API queries and mutations from the QueryClient', async () => {
    renderLog(
      <>
        <FailingQuery />
        <FailingMutation />
      </>,
    )
    await waitFor(() => expect(errorEntries()).toHaveLength(1))
    expect(errorEntries()[0]!.message).toBe('orders/list: /api/Broken [500] Database is on fire')
    fireEvent.click(screen.getByText('save'))
    await waitFor(() => expect(errorEntries()).toHaveLength(2))
    expect(errorEntries()[0]!.message).toBe(
      'orders/save: /api/BrokenSave [409] Someone else saved first',
    )
    expect(errorEntries()[0]!.source).toBe('request')
  })

  it('lists entries with search links, and Clear empties and hides the list', async () => {
    renderLog()
    fire(
      window,
      new ErrorEvent('error', {
        error: new Error('x is not a function'),
        message: 'x is not a function',
      }),
    )
    fireEvent.click(await screen.findByTestId('error-log-button'))
    const dialog = await screen.findByTestId('error-log-dialog')
    const entry = within(dialog).getByTestId('error-entry')
    expect(within(entry).getByText('/order/order?id=3')).toBeTruthy()
    expect(within(entry).getByText('x is not a function')).toBeTruthy()
    expect(within(entry).getByText('Stack').getAttribute('title')).toContain('x is not a function')
    expect(within(entry).getByText('Search Baidu').getAttribute('href')).toBe(
      'https://www.baidu.com/s?wd=x%20is%20not%20a%20function',
    )
    expect(within(entry).getByText('Search Google').getAttribute('href')).toBe(
      'https://www.google.com/search?q=x%20is%20not%20a%20function',
    )
    fireEvent.click(within(dialog).getByTestId('error-log-clear'))
    expect(errorEntries()).toHaveLength(0)
    await waitFor(() => expect(screen.queryByTestId('error-log-button')).toBeNull())
    await waitFor(() => expect(screen.queryByTestId('error-entry')).toBeNull())
  })

  it('builds search URLs for both engines', () => {
    expect(errorSearchLinks('a&b')).toEqual({
      baidu: 'https://www.baidu.com/s?wd=a%26b',
      google: 'https://www.google.com/search?q=a%26b',
    })
  })
})

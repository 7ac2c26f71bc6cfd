import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { WechatBindings } from '#client/features/auth/components/wechat-bindings'
import { activateLocale } from '#client/lib/i18n'

const api = 'http://localhost:3000/api'
const server = setupServer()
let bindings = [
  { WechatUserId: 7, NickName: '张师傅', BoundTime: '2026-11-20T08:00:00.000Z' },
  { WechatUserId: 9, NickName: 'Stranger', BoundTime: '2026-11-23T08:00:00.000Z' },
]
const unbound: unknown[] = []

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  await activateLocale('en')
  server.use(
    mswHttp.get(`${api}/User/WxBindings`, () =>
      HttpResponse.json({ code: 200, msg: 'ok', data: bindings }),
    ),
    mswHttp.post(`${api}/User/WxUnbind`, async ({ request }) => {
      const body = (await request.json()) as { WechatUserId: number }
      unbound.push(body)
      bindings = bindings.filter((b) => b.WechatUserId !== body.WechatUserId)
      return HttpResponse.json({ code: 200, msg: 'ok', data: { removed: 1 } })
    }),
  )
})
afterEach(async () => {
  server.resetHandlers()
  vi.restoreAllMocks()
  await activateLocale('zh')
})
afterAll(() => server.close())

const renderIt = () =>
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <WechatBindings />
      </QueryClientProvider>
    </I18nProvider>,
  )

describe('<WechatBindings> (personal centre)', () => {
  it('lists the bound WeChat accounts and unbinds one after confirmation', async () => {
    renderIt()
    expect(await screen.findByText('张师傅')).toBeTruthy()
    expect(screen.getAllByTestId('wechat-binding')).toHaveLength(2)
    const buttons = screen.getAllByRole('button', { name: 'Unbind' })
    // the app's own dialog names the account; Cancel unbinds nothing
    fireEvent.click(buttons[1]!)
    const question = await screen.findByText(/Unbind the WeChat account Stranger\?/)
    expect(question).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByText(/Unbind the WeChat account/)).toBeNull())
    expect(unbound).toEqual([])
    fireEvent.click(buttons[1]!)
    await screen.findByText(/Unbind the WeChat account Stranger\?/)
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(unbound).toEqual([{ WechatUserId: 9 }]))
    await waitFor(() => expect(screen.queryByText('Stranger')).toBeNull())
    expect(screen.getByText('张师傅')).toBeTruthy()
  })

  it('says so when no WeChat account is bound', async () => {
    bindings = []
    renderIt()
    expect(await screen.findByText('No WeChat account can sign in as you.')).toBeTruthy()
  })
})

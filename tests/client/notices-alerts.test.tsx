import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '#shared/contract/notices'
import { NoticeBell } from '#client/features/notices/components/notice-bell'
import { wantsSystemNotification } from '#client/features/notices/notice-alert'
import { opensInApp } from '#client/features/notices/notice-link'
import { savedThemeAtom } from '#client/features/shell/stores/theme-store'
import { defaultTheme } from '#client/features/shell/theme-settings'
import { activateLocale } from '#client/lib/i18n'
import { storeTokens } from '#client/lib/session-tokens'
import { renderRoutes } from './render-in-router.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

describe('when a live notice raises a system notification', () => {
  it('only in the background and only once the user allowed it', () => {
    expect(wantsSystemNotification({ visibility: 'hidden', permission: 'granted' })).toBe(true)
    expect(wantsSystemNotification({ visibility: 'visible', permission: 'granted' })).toBe(false)
    expect(wantsSystemNotification({ visibility: 'hidden', permission: 'default' })).toBe(false)
    expect(wantsSystemNotification({ visibility: 'hidden', permission: 'denied' })).toBe(false)
    expect(wantsSystemNotification({ visibility: 'hidden', permission: 'unsupported' })).toBe(false)
  })
})

describe('where View opens a notice', () => {
  it('in the app on a phone, a touch screen or the installed app; a new tab only in a desktop browser', () => {
    expect(opensInApp({ standalone: false, narrow: false, touch: false })).toBe(false)
    expect(opensInApp({ standalone: true, narrow: false, touch: false })).toBe(true)
    expect(opensInApp({ standalone: false, narrow: true, touch: false })).toBe(true)
    expect(opensInApp({ standalone: false, narrow: false, touch: true })).toBe(true)
  })
})

const api = 'http://localhost:3000/api'
const server = setupServer()
const live: Notice = {
  Id: 7,
  Msg: 'Order A-7 needs audit',
  CreateTimeString: '2025-03-07T08:00:00.000Z',
  IsRead: false,
  CreateType: 2,
  OrderId: 70,
  OrderNo: 'A-7',
}
let notices: Notice[] = []
let posted: number[][] = []

/** A WebSocket stand-in: the test opens it and pushes notices. */
class PushSocket {
  static all: PushSocket[] = []
  readyState = 0
  onopen: (() => void) | null = null
  onmessage: ((e: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  constructor() {
    PushSocket.all.push(this)
  }
  send() {}
  close() {
    this.readyState = 3
  }
}

async function push(n: Notice) {
  await waitFor(() => expect(PushSocket.all.length).toBeGreaterThan(0))
  const ws = PushSocket.all.at(-1)!
  notices = [n, ...notices]
  act(() => {
    ws.readyState = 1
    ws.onopen?.()
    ws.onmessage?.({ data: JSON.stringify({ type: 'notice', notice: n }) })
  })
}

function renderBell(settings: Partial<typeof defaultTheme> = {}) {
  const store = createStore()
  store.set(savedThemeAtom, { ...defaultTheme, ...settings })
  const { router } = renderRoutes(
    '/',
    { '/': () => <p>home</p>, '/order/order': () => <p>order page</p> },
    { frame: <NoticeBell />, wrap: (ui) => <Provider store={store}>{ui}</Provider> },
  )
  return { router }
}

const phoneMedia = (query: string) => ({
  matches: query.includes('max-width'),
  media: query,
  addEventListener: () => {},
  removeEventListener: () => {},
})
const vibrate = vi.fn(() => true)
const setAppBadge = vi.fn(() => Promise.resolve())
const clearAppBadge = vi.fn(() => Promise.resolve())

serveDuringTests(server, () => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vibrate.mockClear()
  setAppBadge.mockClear()
  clearAppBadge.mockClear()
})
beforeEach(async () => {
  notices = [{ ...live, Id: 1, Msg: 'Older notice', OrderNo: 'A-1' }]
  posted = []
  PushSocket.all = []
  storeTokens({ Token: 'tok', RefreshToken: 'ref' })
  vi.stubGlobal('WebSocket', PushSocket)
  Object.assign(navigator, { vibrate, setAppBadge, clearAppBadge })
  server.use(
    mswHttp.post(`${api}/Notice/GetList`, () => {
      const unread = notices.filter((n) => !n.IsRead)
      return HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: { result: unread.slice(0, 10), total: unread.length, UnreadCount: unread.length },
      })
    }),
    mswHttp.post(`${api}/PostData/PostCommon`, async ({ request }) => {
      const ids = (
        (await request.json()) as { postData: { updateRecords: { Id: number }[] } }
      ).postData.updateRecords.map((r) => r.Id)
      posted.push(ids)
      notices = notices.map((n) => (ids.includes(n.Id) ? { ...n, IsRead: true } : n))
      return HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: { inserted: 0, updated: ids.length, removed: 0 },
      })
    }),
  )
  await activateLocale('en')
})

describe('a live notice', () => {
  it('shows a banner with its text, vibrates, and puts the unread count on the app icon', async () => {
    renderBell()
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(1))
    await push(live)
    const banner = await screen.findByTestId('notice-banner')
    expect(banner.textContent).toContain('Order A-7 needs audit')
    expect(within(banner).getByRole('button', { name: 'View: Order A-7 needs audit' })).toBeTruthy()
    await waitFor(() => expect(vibrate).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(2))
  })

  it('plays no tone unless the sound setting is on', async () => {
    const tones: number[] = []
    class FakeAudio {
      state = 'running'
      currentTime = 0
      destination = {}
      createOscillator = () => ({
        type: '',
        frequency: { setValueAtTime: (f: number) => tones.push(f) },
        connect: (x: unknown) => x,
        start() {},
        stop() {},
      })
      createGain = () => ({
        gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
        connect: (x: unknown) => x,
      })
    }
    vi.stubGlobal('AudioContext', FakeAudio)
    renderBell()
    await push(live)
    await screen.findByTestId('notice-banner')
    expect(tones).toEqual([])
    cleanup()
    PushSocket.all = []
    renderBell({ noticeSound: true })
    await push({ ...live, Id: 8 })
    await waitFor(() => expect(tones.length).toBeGreaterThan(0))
  })

  it('raises a system notification in the background when allowed, not while the page is seen', async () => {
    const shown: { title: string; body?: string }[] = []
    class FakeNotification {
      static permission = 'granted'
      onclick: (() => void) | null = null
      constructor(title: string, o: NotificationOptions) {
        shown.push({ title, body: o.body })
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification)
    let visibility: DocumentVisibilityState = 'visible'
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
    renderBell()
    await push(live)
    await screen.findByTestId('notice-banner')
    expect(shown).toEqual([])
    visibility = 'hidden'
    await push({ ...live, Id: 9, Msg: 'Shipment S-9 left' })
    await waitFor(() => expect(shown).toEqual([{ title: 'New notice', body: 'Shipment S-9 left' }]))
  })

  it('in a desktop browser, the banner View opens a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { router } = renderBell()
    await push(live)
    fireEvent.click(
      within(await screen.findByTestId('notice-banner')).getByTestId('notice-banner-view'),
    )
    expect(open).toHaveBeenCalledWith('/order/order?id=70&orderId=A-7', '_blank', 'noopener')
    expect(router.state.location.href).toBe('/')
    await waitFor(() => expect(posted).toEqual([[7]]))
  })

  it('on a phone, the banner View opens the notice in the app and marks it read', async () => {
    vi.stubGlobal('matchMedia', phoneMedia)
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { router } = renderBell()
    await push(live)
    fireEvent.click(
      within(await screen.findByTestId('notice-banner')).getByTestId('notice-banner-view'),
    )
    await waitFor(() => expect(router.state.location.href).toBe('/order/order?id=70&orderId=A-7'))
    expect(open).not.toHaveBeenCalled()
    expect(screen.queryByTestId('notice-banner')).toBeNull()
    await waitFor(() => expect(posted).toEqual([[7]]))
  })

  it('on a phone, View in the sheet opens the notice in the app and closes the sheet', async () => {
    vi.stubGlobal('matchMedia', phoneMedia)
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { router } = renderBell()
    fireEvent.click(await screen.findByTestId('notice-bell'))
    const sheet = await screen.findByRole('dialog', { name: 'Notices' })
    fireEvent.click(await within(sheet).findByRole('button', { name: 'View: Older notice' }))
    await waitFor(() => expect(router.state.location.href).toBe('/order/order?id=70&orderId=A-1'))
    expect(open).not.toHaveBeenCalled()
    await waitFor(() =>
      expect(screen.getByTestId('notice-bell').getAttribute('aria-expanded')).toBe('false'),
    )
  })
})

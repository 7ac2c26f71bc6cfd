import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  pushUnavailableReason,
  type PushEnvironment,
} from '#client/features/notices/push-availability'
import { activateLocale } from '#client/lib/i18n'

// the browser's push parts: jsdom has none, so the test plays a Chromium without a push service
const subscribe = vi.fn()
vi.mock('#client/lib/web-push', () => ({
  pushSupported: () => true,
  currentPushSubscription: async () => null,
  pushRegistration: async () => ({ pushManager: { subscribe } }),
  base64UrlBytes: () => new Uint8Array(1),
}))
const publicKey = vi.fn(async () => ({ enabled: true, publicKey: 'AAAA' }))
vi.mock('#client/features/notices/api/get-push-public-key', () => ({
  getPushPublicKey: () => publicKey(),
}))
vi.mock('#client/features/notices/api/post-push-subscribe', () => ({
  postPushSubscribe: async () => ({}),
}))

const env = (o: Partial<PushEnvironment>): PushEnvironment => ({
  secure: true,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  touchPoints: 0,
  standalone: false,
  supported: true,
  ...o,
})
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1'
const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15'

describe('why push notices are not available', () => {
  it('names https, the iPhone home screen, or the browser', () => {
    expect(pushUnavailableReason(env({ secure: false }))).toBe('insecure')
    expect(pushUnavailableReason(env({ userAgent: iphone }))).toBe('home-screen')
    expect(pushUnavailableReason(env({ userAgent: ipad, touchPoints: 5 }))).toBe('home-screen')
    expect(pushUnavailableReason(env({ userAgent: iphone, standalone: true }))).toBeUndefined()
    expect(pushUnavailableReason(env({ supported: false }))).toBe('browser')
    expect(pushUnavailableReason(env({}))).toBeUndefined()
    // a Mac without touch is a desktop Safari, which offers push in the browser
    expect(pushUnavailableReason(env({ userAgent: ipad }))).toBeUndefined()
  })
})

afterEach(() => {
  subscribe.mockReset()
  vi.unstubAllGlobals()
})

async function tapTurnOn(lang: 'zh' | 'en') {
  await activateLocale(lang)
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: async () => 'granted',
  })
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true })
  const { NoticePush } = await import('#client/features/notices/components/notice-push')
  render(
    <I18nProvider i18n={i18n}>
      <NoticePush />
    </I18nProvider>,
  )
  fireEvent.click(await screen.findByTestId('notice-push-on'))
  const line = screen.getByTestId('notice-push')
  await waitFor(() => expect(line.getAttribute('data-state')).toBe('unsupported'))
  return line
}

describe('turning push on where the browser has no push service', () => {
  it('says on the line that it is not available and why (en)', async () => {
    subscribe.mockRejectedValue(
      new DOMException('Registration failed - push service not available', 'AbortError'),
    )
    const line = await tapTurnOn('en')
    expect(line.querySelector('[data-reason]')?.getAttribute('data-reason')).toBe('no-service')
    expect(line.textContent).toContain('not available here')
    expect(line.textContent).toContain('no push service')
  })

  it('says push is off on the server when the server says so (zh)', async () => {
    publicKey.mockResolvedValueOnce({ enabled: false, publicKey: '' })
    const line = await tapTurnOn('zh')
    expect(line.querySelector('[data-reason]')?.getAttribute('data-reason')).toBe('server')
    expect(line.textContent).toMatch(/[\u4e00-\u9fff]/)
    expect(subscribe).not.toHaveBeenCalled()
  })
})

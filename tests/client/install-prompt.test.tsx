import { act, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import { InstallPrompt } from '#client/components/feedback/install-prompt'
import { formatAge } from '#client/components/feedback/use-shown-data-age'

const mount = () =>
  render(
    <I18nProvider i18n={i18n}>
      <InstallPrompt />
    </I18nProvider>,
  )

function installEvent() {
  const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>
    userChoice: Promise<{ outcome: string }>
  }
  e.prompt = vi.fn(() => Promise.resolve())
  e.userChoice = Promise.resolve({ outcome: 'accepted' })
  return e
}

/** The visitor touches the page (the offer waits for it). */
const engage = () => act(() => void fireEvent.pointerDown(document.body))

describe('install offer', () => {
  it('turns the browser install event into a banner once the visitor engages, installs on request, and is offered only once', async () => {
    const first = mount()
    expect(screen.queryByTestId('install-prompt')).toBeNull()
    const e = installEvent()
    act(() => void window.dispatchEvent(e))
    expect(e.defaultPrevented).toBe(true)
    // nobody has touched the page yet: no banner arrives on its own
    expect(screen.queryByTestId('install-prompt')).toBeNull()
    engage()
    expect(screen.getByTestId('install-prompt').textContent).toContain('安装')
    await act(async () => fireEvent.click(screen.getByTestId('install-accept')))
    expect(e.prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByTestId('install-prompt')).toBeNull()
    first.unmount()

    // another visit: no second offer
    mount()
    act(() => void window.dispatchEvent(installEvent()))
    expect(screen.queryByTestId('install-prompt')).toBeNull()
  })

  it('"Not now" closes it without installing', () => {
    engage()
    mount()
    const e = installEvent()
    act(() => void window.dispatchEvent(e))
    fireEvent.click(screen.getByTestId('install-dismiss'))
    expect(screen.queryByTestId('install-prompt')).toBeNull()
    expect(e.prompt).not.toHaveBeenCalled()
    expect(localStorage.getItem('forgeline-install-offered')).not.toBeNull()
  })

  it('gives iPhone Safari the add-to-home-screen hint instead', () => {
    const ua = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      )
    engage()
    mount()
    expect(screen.getByTestId('install-prompt').textContent).toContain('添加到主屏幕')
    ua.mockRestore()
  })
})

describe('age of saved data', () => {
  it('says how old the data is in the given language', () => {
    const now = Date.parse('2026-11-21T12:00:00Z')
    expect(formatAge(now - 5 * 60_000, 'en', now)).toBe('5 minutes ago')
    expect(formatAge(now - 3 * 3600_000, 'zh', now)).toBe('3小时前')
    expect(formatAge(now - 10_000, 'en', now)).toBe('this minute')
    expect(formatAge(now - 2 * 86_400_000, 'en', now)).toBe('2 days ago')
  })
})

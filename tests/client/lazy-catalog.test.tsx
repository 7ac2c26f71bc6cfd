import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useLazyCatalog, type LazyCatalog } from '#client/lib/lazy-catalog'

function Screen({ catalog }: { catalog: LazyCatalog }) {
  const ready = useLazyCatalog(catalog)
  return <p data-testid="text">{ready ? i18n._('greet') : 'loading'}</p>
}

describe("a screen's own catalog (useLazyCatalog)", () => {
  it('loads with the screen, in the active language, and again after a language switch', async () => {
    i18n.loadAndActivate({ locale: 'zh', messages: {} })
    const catalog: LazyCatalog = {
      zh: vi.fn(() => Promise.resolve({ messages: { greet: '你好' } })),
      en: vi.fn(() => Promise.resolve({ messages: { greet: 'Hello' } })),
    }
    render(
      <I18nProvider i18n={i18n}>
        <Screen catalog={catalog} />
      </I18nProvider>,
    )
    expect(screen.getByTestId('text').textContent).toBe('loading')
    expect((await screen.findByText('你好')).textContent).toBe('你好')
    // a language switch replaces the language's messages (i18n.ts activateLocale)
    await act(async () => i18n.loadAndActivate({ locale: 'en', messages: {} }))
    expect((await screen.findByText('Hello')).textContent).toBe('Hello')
    await act(async () => i18n.loadAndActivate({ locale: 'zh', messages: {} }))
    expect((await screen.findByText('你好')).textContent).toBe('你好')
    expect(catalog.zh).toHaveBeenCalledTimes(2)
    expect(catalog.en).toHaveBeenCalledTimes(1)
  })
})

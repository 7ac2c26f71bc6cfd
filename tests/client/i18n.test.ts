import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import { activateLocale, localeStorageKey, pick, startLocale } from '#client/lib/i18n'
import { composeTitle } from '#client/lib/page-title'

describe('language', () => {
  it('starts in the saved choice, else the rendered language, else the browser languages, else Chinese', () => {
    localStorage.removeItem(localeStorageKey)
    expect(startLocale(undefined, [])).toBe('zh')
    expect(startLocale(undefined, ['fr-FR', 'en-GB', 'zh-CN'])).toBe('en')
    expect(startLocale(undefined, ['zh-TW', 'en'])).toBe('zh')
    expect(startLocale('zh', ['en-US'])).toBe('zh')
    localStorage.setItem(localeStorageKey, JSON.stringify('en'))
    expect(startLocale('zh', ['zh-CN'])).toBe('en')
    for (const bad of ['"fr"', '{broken']) {
      localStorage.setItem(localeStorageKey, bad)
      expect(startLocale(undefined, ['en-US'])).toBe('en')
      expect(startLocale(undefined, [])).toBe('zh')
    }
    // the address names a language: it wins
    history.replaceState(null, '', '/index?lang=en')
    localStorage.setItem(localeStorageKey, JSON.stringify('zh'))
    expect(startLocale('zh', ['zh-CN'])).toBe('en')
    history.replaceState(null, '', '/')
    localStorage.removeItem(localeStorageKey)
  })

  it('picks the English field and falls back to Chinese when it is empty', () => {
    expect(pick('曲轴', 'Crankshaft', 'en')).toBe('Crankshaft')
    expect(pick('曲轴', '  ', 'en')).toBe('曲轴')
    expect(pick('曲轴', undefined, 'en')).toBe('曲轴')
    expect(pick('曲轴', 'Crankshaft', 'zh')).toBe('曲轴')
  })

  it('activates catalogs and sets <html lang>', async () => {
    await activateLocale('en')
    expect(document.documentElement.lang).toBe('en')
    expect(i18n._(msg`Home`)).toBe('Home')
    await activateLocale('zh')
    expect(document.documentElement.lang).toBe('zh-CN')
    expect(i18n._(msg`Home`)).toBe('首页')
  })

  it('composes the page title: page name, separator, site title, optionally reversed', () => {
    expect(composeTitle('关于我们', '锻联精密')).toBe('关于我们 - 锻联精密')
    expect(composeTitle('About us', 'Forgeline', true)).toBe('Forgeline - About us')
    expect(composeTitle(undefined, 'Forgeline')).toBe('Forgeline')
  })
})

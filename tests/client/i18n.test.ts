import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import { activateLocale, localeStorageKey, pick, storedLocale } from '#client/lib/i18n'
import { composeTitle } from '#client/lib/page-title'

describe('language', () => {
  it('defaults to Chinese and reads a stored choice', () => {
    expect(storedLocale()).toBe('zh')
    localStorage.setItem(localeStorageKey, JSON.stringify('en'))
    expect(storedLocale()).toBe('en')
    localStorage.setItem(localeStorageKey, '"fr"')
    expect(storedLocale()).toBe('zh')
    localStorage.setItem(localeStorageKey, '{broken')
    expect(storedLocale()).toBe('zh')
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

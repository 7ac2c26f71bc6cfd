import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import {
  defaultTheme,
  parseTheme,
  randomTheme,
  themeStorageKey,
} from '#client/features/shell/theme-settings'
import {
  restoreThemeAtom,
  saveThemeAtom,
  savedThemeAtom,
  themeAtom,
} from '#client/features/shell/stores/theme-store'

describe('theme settings (SPEC §2-§3)', () => {
  it('defaults to horizontal, white, vertical column style, fixed header, the language switch and the notice bell, the rest off', () => {
    expect(defaultTheme).toMatchObject({
      layout: 'horizontal',
      themeName: 'white',
      columnStyle: 'vertical',
      fixedHeader: true,
      showLanguage: true,
      // deviation from SPEC §3 (docs/deviations.md): staff see the bell without looking for it
      showNotice: true,
    })
    for (const key of [
      'showProgressBar',
      'showTabs',
      'showTabsBarIcon',
      'showRefresh',
      'showSearch',
      'showFullScreen',
      'noticeSound',
    ] as const) {
      expect(defaultTheme[key], key).toBe(false)
    }
  })

  it('random theme changes theme, column style and tab style, and nothing else', () => {
    for (const seed of [0, 0.3, 0.6, 0.99]) {
      const next = randomTheme(defaultTheme, () => seed)
      expect(next.themeName).not.toBe(defaultTheme.themeName)
      expect(next.columnStyle).not.toBe(defaultTheme.columnStyle)
      expect(next.tabsBarStyle).not.toBe(defaultTheme.tabsBarStyle)
      expect({
        ...next,
        themeName: 'white',
        columnStyle: 'vertical',
        tabsBarStyle: 'card',
      }).toEqual(defaultTheme)
    }
  })

  it('reads back a stored value field by field, ignoring what is not valid', () => {
    expect(parseTheme({ layout: 'column', themeName: 'red', showTabs: true, extra: 1 })).toEqual({
      ...defaultTheme,
      layout: 'column',
      showTabs: true,
    })
    expect(parseTheme('nonsense')).toEqual(defaultTheme)
  })

  it('keeps a bell the user hid and turns the notice sound on only when stored so', () => {
    // settings saved before the sound setting existed
    expect(parseTheme({ showNotice: false })).toMatchObject({
      showNotice: false,
      noticeSound: false,
    })
    expect(parseTheme({ noticeSound: true })).toMatchObject({ showNotice: true, noticeSound: true })
    expect(parseTheme({ noticeSound: 'yes' }).noticeSound).toBe(false)
  })

  it('applies changes at once, stores them on save and restores the defaults', () => {
    const store = createStore()
    store.set(themeAtom, { ...defaultTheme, layout: 'vertical' })
    expect(store.get(themeAtom).layout).toBe('vertical')
    expect(localStorage.getItem(themeStorageKey)).toBeNull()
    store.set(saveThemeAtom)
    expect(JSON.parse(localStorage.getItem(themeStorageKey)!)).toMatchObject({ layout: 'vertical' })
    expect(store.get(savedThemeAtom).layout).toBe('vertical')
    store.set(restoreThemeAtom)
    expect(store.get(themeAtom)).toEqual(defaultTheme)
    expect(JSON.parse(localStorage.getItem(themeStorageKey)!)).toEqual(defaultTheme)
  })
})

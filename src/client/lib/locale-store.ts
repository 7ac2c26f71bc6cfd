import {
  activateLocale,
  localeStorageKey,
  pick,
  pickedLang,
  saveLocaleCookie,
  startLocale,
  type Locale,
} from './i18n.ts'
import { serverPage } from './server-page.ts'
import { smallStore, useStore } from './small-store.ts'

const localeStore = smallStore<Locale>(startLocale(serverPage()?.lang))

/**
 * Switches the UI language: persists the choice (first, so a reload at once keeps it), loads
 * the catalog, updates `<html lang>`.
 */
export async function setLocale(next: Locale) {
  localStorage.setItem(localeStorageKey, JSON.stringify(next))
  saveLocaleCookie(next)
  await activateLocale(next)
  // a `?lang=` in the address would override the choice on the next load
  const url = new URL(location.href)
  if (url.searchParams.has('lang')) {
    url.searchParams.set('lang', next)
    history.replaceState(history.state, '', url)
  }
  localeStore.set(next)
}

/** The active UI language. */
export const useLocale = () => useStore(localeStore)
export const useSetLocale = () => setLocale

/** `pick` bound to the active language, so the component re-renders when it changes. */
export function usePick() {
  const locale = useLocale()
  return (zh: string, en: string | undefined) => pick(zh, en, locale)
}

/** The `lang` of content shown in the other language (the Chinese fallback of an English page). */
export function usePickedLang() {
  const locale = useLocale()
  return (en: string | undefined) => pickedLang(en, locale)
}

import { atom, useAtomValue, useSetAtom } from 'jotai'
import { activateLocale, localeStorageKey, pick, storedLocale, type Locale } from './i18n.ts'

const baseLocaleAtom = atom<Locale>(storedLocale())

/** The active UI language; writing it loads the catalog, persists the choice and updates `<html lang>`. */
export const localeAtom = atom(
  (get) => get(baseLocaleAtom),
  async (_get, set, next: Locale) => {
    await activateLocale(next)
    localStorage.setItem(localeStorageKey, JSON.stringify(next))
    set(baseLocaleAtom, next)
  },
)

export const useLocale = () => useAtomValue(localeAtom)
export const useSetLocale = () => useSetAtom(localeAtom)

/** `pick` bound to the active language, so the component re-renders when it changes. */
export function usePick() {
  const locale = useLocale()
  return (zh: string, en: string | undefined) => pick(zh, en, locale)
}

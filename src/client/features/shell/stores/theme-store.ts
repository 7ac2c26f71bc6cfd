import { atom, useAtomValue } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { defaultTheme, parseTheme, themeStorageKey, type ThemeSettings } from '../theme-settings.ts'

const themeStorage = {
  getItem: (key: string, initial: ThemeSettings): ThemeSettings => {
    try {
      const raw = localStorage.getItem(key)
      return raw === null ? initial : parseTheme(JSON.parse(raw))
    } catch {
      return initial
    }
  },
  setItem: (key: string, value: ThemeSettings) => localStorage.setItem(key, JSON.stringify(value)),
  removeItem: (key: string) => localStorage.removeItem(key),
}

/** The saved settings (SPEC §4: theme persists in local storage under 'forgeline-theme'). */
export const savedThemeAtom = atomWithStorage<ThemeSettings>(
  themeStorageKey,
  defaultTheme,
  themeStorage,
  {
    getOnInit: true,
  },
)

/** Changes made in the theme drawer apply at once and stay until saved or the page reloads. */
const draftThemeAtom = atom<ThemeSettings | null>(null)

export const themeAtom = atom(
  (get) => get(draftThemeAtom) ?? get(savedThemeAtom),
  (_get, set, next: ThemeSettings) => set(draftThemeAtom, next),
)

/** Save: the settings in use become the stored ones. */
export const saveThemeAtom = atom(null, (get, set) => {
  set(savedThemeAtom, get(themeAtom))
  set(draftThemeAtom, null)
})

/** Restore defaults (SPEC §3), stored at once. */
export const restoreThemeAtom = atom(null, (_get, set) => {
  set(savedThemeAtom, { ...defaultTheme })
  set(draftThemeAtom, null)
})

/** Sidebar folded (SPEC §4: collapse persists in local storage). */
export const collapseAtom = atomWithStorage('forgeline-collapse', false, undefined, {
  getOnInit: true,
})

export const useTheme = () => useAtomValue(themeAtom)

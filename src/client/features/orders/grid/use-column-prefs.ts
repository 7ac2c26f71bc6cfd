import { useState } from 'react'
import { useUserInfo } from '#client/features/auth/api/get-user-info'
import { columnPrefsKey, noColumnPrefs, parseColumnPrefs, type ColumnPrefs } from './grid-column-prefs.ts'

const read = (key: string) => {
  try {
    return parseColumnPrefs(localStorage.getItem(key))
  } catch {
    return noColumnPrefs
  }
}

/** The signed-in user's column prefs of a grid, saved in localStorage under their login name. */
export function useColumnPrefs(kind: string) {
  const { data: me } = useUserInfo()
  const key = columnPrefsKey(me.LoginName, kind)
  const [state, setState] = useState(() => ({ key, prefs: read(key) }))
  const prefs = state.key === key ? state.prefs : read(key)
  const save = (next: ColumnPrefs) => {
    setState({ key, prefs: next })
    try {
      if (next.order.length === 0 && next.hidden.length === 0) localStorage.removeItem(key)
      else localStorage.setItem(key, JSON.stringify(next))
    } catch {
      /* private mode or full storage: the choice lasts until the page closes */
    }
  }
  return [prefs, save] as const
}

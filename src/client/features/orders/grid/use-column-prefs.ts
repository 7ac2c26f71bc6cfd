import { useCallback, useEffect, useRef, useState } from 'react'
import { useUserInfo } from '#client/features/auth/api/get-user-info'
import { getColumnPrefs } from '../api/get-column-prefs.ts'
import { postSaveColumnPrefs } from '../api/post-save-column-prefs.ts'
import { readLocalPrefs, samePrefs, serverGrid, writeLocalPrefs } from './column-prefs-store.ts'
import { columnPrefsKey, noColumnPrefs, type ColumnPrefs } from './grid-column-prefs.ts'

/** How long a burst of column changes waits before it goes to the server. */
const saveDelayMs = 800

/**
 * The signed-in user's column prefs of a grid. The server keeps them per user (they follow the
 * user to another device); localStorage under the login name is the first paint and the offline
 * copy. Opening the grid loads the server copy, unless this browser holds a change the server
 * has not taken yet: that one is sent instead. Changes go to localStorage at once and to the
 * server after a short pause; offline, they wait and go when the browser is back online.
 */
export function useColumnPrefs(kind: string) {
  const { data: me } = useUserInfo()
  const key = columnPrefsKey(me.LoginName, kind)
  const grid = serverGrid(kind)
  const [state, setState] = useState(() => ({ key, prefs: readLocalPrefs(key).prefs }))
  const prefs = state.key === key ? state.prefs : readLocalPrefs(key).prefs
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const push = useCallback(async () => {
    if (!grid) return
    const local = readLocalPrefs(key)
    if (!local.pending) return
    try {
      await postSaveColumnPrefs({ grid, ...local.prefs })
    } catch {
      return // offline or refused: the local copy stays pending and is sent later
    }
    // a change made while the save was on its way stays pending
    if (samePrefs(readLocalPrefs(key).prefs, local.prefs)) writeLocalPrefs(key, local.prefs, false)
  }, [grid, key])

  useEffect(() => {
    if (!grid) return
    let live = true
    if (readLocalPrefs(key).pending) void push()
    else
      getColumnPrefs(grid)
        .then((server) => {
          const local = readLocalPrefs(key)
          if (!live || local.pending) return
          const next = server ?? noColumnPrefs
          if (samePrefs(next, local.prefs)) return
          writeLocalPrefs(key, next, false)
          setState({ key, prefs: next })
        })
        .catch(() => {
          /* offline: the local copy stands */
        })
    const onOnline = () => void push()
    window.addEventListener('online', onOnline)
    return () => {
      live = false
      window.removeEventListener('online', onOnline)
    }
  }, [grid, key, push])

  // leaving the grid sends a change still waiting for its pause
  useEffect(
    () => () => {
      if (timer.current === undefined) return
      clearTimeout(timer.current)
      timer.current = undefined
      void push()
    },
    [push],
  )

  const save = (next: ColumnPrefs) => {
    setState({ key, prefs: next })
    writeLocalPrefs(key, next, grid !== undefined)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void push(), saveDelayMs)
  }
  return [prefs, save] as const
}

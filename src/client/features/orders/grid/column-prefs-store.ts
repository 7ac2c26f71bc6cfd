import { columnPrefsGrids, type ColumnPrefsGrid } from '#shared/contract/column-prefs'
import { noColumnPrefs, parseColumnPrefs, type ColumnPrefs } from './grid-column-prefs.ts'

/**
 * The browser's copy of a user's column prefs (localStorage): first paint and offline copy of
 * the server's. `pending` marks a change the server has not taken yet (offline, or the save
 * failed); it is sent when the grid opens again or the browser comes back online.
 */
export type LocalColumnPrefs = { prefs: ColumnPrefs; pending: boolean }

export const serverGrid = (kind: string): ColumnPrefsGrid | undefined =>
  (columnPrefsGrids as readonly string[]).includes(kind) ? (kind as ColumnPrefsGrid) : undefined

export function readLocalPrefs(key: string): LocalColumnPrefs {
  try {
    const raw = localStorage.getItem(key)
    const pending = raw !== null && (JSON.parse(raw) as { pending?: unknown }).pending === true
    return { prefs: parseColumnPrefs(raw), pending }
  } catch {
    return { prefs: noColumnPrefs, pending: false }
  }
}

export function writeLocalPrefs(key: string, prefs: ColumnPrefs, pending: boolean) {
  try {
    if (prefs.order.length === 0 && prefs.hidden.length === 0 && !pending)
      localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify(pending ? { ...prefs, pending } : prefs))
  } catch {
    /* private mode or full storage: the choice lasts until the page closes */
  }
}

export const samePrefs = (a: ColumnPrefs, b: ColumnPrefs) =>
  a.order.join('\n') === b.order.join('\n') && a.hidden.join('\n') === b.hidden.join('\n')

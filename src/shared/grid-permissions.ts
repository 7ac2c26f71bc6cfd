import { parseGridPermission } from './acl.ts'
import { derivedFrom } from './derived-fields.ts'

/**
 * Grid permission strings (SPEC §6) `button-{code}-show-{value}` and `column-{field}-show-{value}`:
 * the one reading of them, used by the grid screen (what it shows) and by the server (what the
 * grid calls return and accept). A value `false` or `0` hides; anything not named is shown; a later
 * string wins over an earlier one for the same key. Other properties are ignored.
 */
export type GridPermissions = {
  /** false when `button-{code}-show-false` hides that toolbar button (and the server refuses its call) */
  buttonShown: (code: string) => boolean
  /**
   * false when `column-{field}-show-false` hides that column (and the server leaves it out), or
   * when the field is computed from a hidden one (derived-fields.ts: TotalSum with UnitPrice)
   */
  columnShown: (field: string) => boolean
  /** the hidden column fields, derived ones included, sorted (a stable key for caches) */
  hiddenColumns: readonly string[]
}

/** Toolbar codes of the grid screen whose calls the server checks (SPEC §2 "Generic grid screen"). */
export const gridButtonCodes = ['add', 'delete', 'save', 'audit', 'import', 'export'] as const
export type GridButtonCode = (typeof gridButtonCodes)[number]

const hiddenValues = new Set(['false', '0'])

export function gridPermissions(strings: readonly string[]): GridPermissions {
  const shown = { button: new Map<string, boolean>(), column: new Map<string, boolean>() }
  for (const s of strings) {
    const p = parseGridPermission(s)
    if (p && p.property === 'show')
      shown[p.kind].set(p.key, !hiddenValues.has(p.value.toLowerCase()))
  }
  const hidden = new Set<string>()
  for (const [field, on] of shown.column) {
    if (on) continue
    hidden.add(field)
    for (const d of derivedFrom(field)) hidden.add(d)
  }
  const hiddenColumns = [...hidden].sort()
  return {
    buttonShown: (code) => shown.button.get(code) ?? true,
    columnShown: (field) => !hidden.has(field),
    hiddenColumns,
  }
}

/** The strings that apply to a signed-in user: their abilities, then their role's `Permissions`. */
export const gridPermissionStrings = (
  abilities: readonly string[],
  rolePermissions: readonly string[],
) => [...abilities, ...rolePermissions]

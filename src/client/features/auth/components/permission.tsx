import { useCallback, useMemo, type ReactNode } from 'react'
import { can, parseGridPermission, subjectOf, type Requirement } from '#shared/acl'
import { useUserInfo } from '../api/get-user-info.ts'

/** `(requirement) => boolean` for the signed-in user (SPEC §6: admin passes everything). */
export function useCan(): (req: Requirement | undefined) => boolean {
  const { data: me } = useUserInfo()
  const subject = useMemo(() => subjectOf(me.Role, me.Abilities), [me.Role, me.Abilities])
  return useCallback((req: Requirement | undefined) => can(subject, req), [subject])
}

/** Element-level permission (SPEC §6): the children are removed when access is denied. */
export function Permission({ require, children }: { require: Requirement; children: ReactNode }) {
  const allowed = useCan()
  return allowed(require) ? <>{children}</> : null
}

const hiddenValues = new Set(['false', '0'])

export type GridPermissions = {
  /** false when a string `button-{code}-show-false` hides that toolbar button */
  buttonShown: (code: string) => boolean
  /** false when a string `column-{field}-show-false` hides that column */
  columnShown: (field: string) => boolean
}

/**
 * Grid toolbar buttons and columns shown or hidden by permission strings (SPEC §6),
 * e.g. `button-add-show-false`, `column-UnitPrice-show-false`; anything not named is shown.
 * Later strings win over earlier ones for the same key.
 */
export function useGridPermissions(strings: readonly string[]): GridPermissions {
  const key = strings.join('\n')
  return useMemo(() => {
    const shown = { button: new Map<string, boolean>(), column: new Map<string, boolean>() }
    for (const s of key.split('\n')) {
      const p = parseGridPermission(s)
      if (p && p.property === 'show') shown[p.kind].set(p.key, !hiddenValues.has(p.value.toLowerCase()))
    }
    return {
      buttonShown: (code: string) => shown.button.get(code) ?? true,
      columnShown: (field: string) => shown.column.get(field) ?? true,
    }
  }, [key])
}

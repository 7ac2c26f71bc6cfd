import { useCallback, useMemo, type ReactNode } from 'react'
import { can, subjectOf, type Requirement } from '#shared/acl'
import { gridPermissions, type GridPermissions } from '#shared/grid-permissions'
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

/**
 * Grid toolbar buttons and columns shown or hidden by permission strings (SPEC §6), read by the
 * shared `gridPermissions`, the same function the server enforces them with.
 */
export function useGridPermissions(strings: readonly string[]): GridPermissions {
  const key = strings.join('\n')
  return useMemo(() => gridPermissions(key.split('\n')), [key])
}

import { useMemo } from 'react'
import { gridPermissions, type GridPermissions } from '#shared/grid-permissions'

/**
 * Grid toolbar buttons and columns shown or hidden by permission strings (SPEC §6), read by the
 * shared `gridPermissions`, the same function the server enforces them with. Apart from
 * permission.tsx so the staff shell does not carry it: the grids and the role editor load it.
 */
export function useGridPermissions(strings: readonly string[]): GridPermissions {
  const key = strings.join('\n')
  return useMemo(() => gridPermissions(key.split('\n')), [key])
}

/**
 * Access checks of SPEC §6, the same function on client and server.
 * Admin grants everything; otherwise roles and abilities are checked with a mode:
 * oneOf (any match), allOf (all match), except (none match). A plain list means roles, oneOf.
 * When both roles and abilities are given, both must pass.
 */
export type AccessMode = 'oneOf' | 'allOf' | 'except'

export type Subject = {
  admin: boolean
  roles: readonly string[]
  abilities: readonly string[]
}

export type Requirement =
  | readonly string[]
  | {
      role?: readonly string[]
      ability?: readonly string[]
      mode?: AccessMode
    }

function check(have: readonly string[], want: readonly string[], mode: AccessMode): boolean {
  switch (mode) {
    case 'allOf':
      return want.every((w) => have.includes(w))
    case 'except':
      return !want.some((w) => have.includes(w))
    default:
      return want.some((w) => have.includes(w))
  }
}

export function can(subject: Subject, requirement: Requirement | undefined): boolean {
  if (subject.admin) return true
  if (requirement === undefined) return true
  if (Array.isArray(requirement)) {
    return requirement.length === 0 || check(subject.roles, requirement, 'oneOf')
  }
  const r = requirement as Exclude<Requirement, readonly string[]>
  const mode = r.mode ?? 'oneOf'
  const roleOk = !r.role || r.role.length === 0 || check(subject.roles, r.role, mode)
  const abilityOk =
    !r.ability || r.ability.length === 0 || check(subject.abilities, r.ability, mode)
  return roleOk && abilityOk
}

/** The subject of a signed-in user: the role string becomes a one-item role list (SPEC §6). */
export function subjectOf(role: string, abilities: readonly string[]): Subject {
  return { admin: role === 'admin', roles: role ? [role] : [], abilities }
}

/**
 * Grid permission strings (SPEC §6): `button-{code}-{property}-{value}` and
 * `column-{field}-{property}-{value}`, e.g. `button-add-show-true`, `column-UnitPrice-show-false`.
 */
export type GridPermission = {
  kind: 'button' | 'column'
  key: string
  property: string
  value: string
}

export function parseGridPermission(s: string): GridPermission | undefined {
  const m = /^(button|column)-([A-Za-z0-9_]+)-([A-Za-z0-9_]+)-([A-Za-z0-9_]+)$/.exec(s)
  if (!m) return undefined
  return { kind: m[1] as 'button' | 'column', key: m[2]!, property: m[3]!, value: m[4]! }
}

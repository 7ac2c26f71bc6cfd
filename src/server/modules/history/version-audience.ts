import type { Kysely } from 'kysely'
import { can, subjectOf } from '#shared/acl'
import type { Database } from '../../db/schema.ts'
import { parseJsonColumn } from '../content/json-column.ts'
import { findOperation } from '../post-common/registry.ts'
import { activeUsersInRoles } from '../system/active-users-in-roles.ts'
import { heldScreens } from '../system/role-access.ts'

const abilitiesOf = (json: string) => {
  const v = parseJsonColumn<unknown>(json, [])
  return Array.isArray(v) ? v.filter((a): a is string => typeof a === 'string') : []
}

/**
 * Of these (connected) users, those who may see records of a history type: the users whose role
 * may call its save (`Save{Type}`: the module's permission and, for any role but admin, one of
 * its screens) and who are not banned. A realtime "record X is now version N" goes only to them.
 */
export async function versionAudience(
  db: Kysely<Database>,
  recordType: string,
  userIds: readonly number[],
): Promise<number[]> {
  const op = findOperation(`Save${recordType}`)
  if (!op || userIds.length === 0) return []
  const roles = await db.selectFrom('roles').select(['code', 'abilities']).execute()
  const allowed = new Set<string>()
  for (const r of roles) {
    const subject = subjectOf(r.code, abilitiesOf(r.abilities))
    if (op.permission !== 'signedIn' && !can(subject, op.permission)) continue
    const screens = op.menu ?? []
    if (subject.admin || screens.length === 0) allowed.add(r.code)
    else {
      const held = await heldScreens(db, r.code)
      if (screens.some((s) => held.has(s))) allowed.add(r.code)
    }
  }
  return activeUsersInRoles(db, userIds, allowed)
}

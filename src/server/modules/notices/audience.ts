import type { Kysely } from 'kysely'
import { can, subjectOf, type Requirement } from '#shared/acl'
import { noticeTypes, type NoticeType } from '#shared/contract/notice-types'
import type { StaffScreen } from '#shared/staff-screens'
import type { Database } from '../../db/schema.ts'
import { ordersPermission } from '../../permissions.ts'
import { userMayUseScreens, type CurrentUser } from '../../plugins/authenticate.ts'
import { activeUsersInRoles } from '../system/active-users-in-roles.ts'
import { heldScreens } from '../system/role-access.ts'
import { parseJsonColumn } from '../content/json-column.ts'

/** The screen a notice of each type links to (SPEC §2 notice links) and what that screen needs. */
export const noticeScreen: Record<NoticeType, StaffScreen> = {
  0: '/supplier/purchase',
  1: '/supplier/outsourcing',
  2: '/order/order',
  3: '/ship/ship',
  4: '/supplier/forms',
}
export const noticeAudience: Record<NoticeType, Requirement> = {
  0: ordersPermission,
  1: ordersPermission,
  2: ordersPermission,
  3: ordersPermission,
  4: ordersPermission,
}

const abilitiesOf = (json: string) => {
  const v = parseJsonColumn<unknown>(json, [])
  return Array.isArray(v) ? v.filter((a): a is string => typeof a === 'string') : []
}

/**
 * The notice types a user may receive now: those whose screen they may open, i.e. whose
 * endpoints they may call (the module's permission, and - for any role but admin - the menu entry
 * of that screen held by their role, as the endpoints check it). From the request's sign-in state
 * (read with the session): no statement of its own.
 */
export function noticeTypesFor(user: Pick<CurrentUser, 'subject' | 'screens'>): NoticeType[] {
  return noticeTypes.filter(
    (type) =>
      can(user.subject, noticeAudience[type]) && userMayUseScreens(user, [noticeScreen[type]]),
  )
}

/** Role codes whose users may receive notices of a type (read straight from `db`, e.g. a transaction). */
async function rolesFor(db: Kysely<Database>, type: NoticeType): Promise<Set<string>> {
  const roles = await db.selectFrom('roles').select(['code', 'abilities']).execute()
  const out = new Set<string>()
  for (const r of roles) {
    const subject = subjectOf(r.code, abilitiesOf(r.abilities))
    if (!can(subject, noticeAudience[type])) continue
    if (subject.admin || (await heldScreens(db, r.code)).has(noticeScreen[type])) out.add(r.code)
  }
  return out
}

/** Ids of the non-banned users who may receive a notice of this type now (creation). */
export async function recipientsFor(db: Kysely<Database>, type: NoticeType): Promise<number[]> {
  const allowed = [...(await rolesFor(db, type))]
  if (allowed.length === 0) return []
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', allowed)
    .where('ban', '=', 0)
    .orderBy('id')
    .execute()
  return users.map((u) => u.id)
}

/**
 * Recipients per notice type, resolved once for the whole of one transaction (a save of N new
 * records sends N notices to the same audience: DESIGN §9, no N+1). Keep one only as long as
 * the transaction that reads through it.
 */
export type AudienceCache = Map<NoticeType, Promise<number[]>>

export function recipientsCached(
  db: Kysely<Database>,
  type: NoticeType,
  cache: AudienceCache | undefined,
): Promise<number[]> {
  if (!cache) return recipientsFor(db, type)
  let found = cache.get(type)
  if (!found) {
    found = recipientsFor(db, type)
    cache.set(type, found)
  }
  return found
}

/**
 * Of the users a notice was addressed to, those who may still receive it (the push to sockets):
 * a role that lost the screen, or a ban, since the notice was stored drops them.
 */
export async function stillAllowed(
  db: Kysely<Database>,
  type: NoticeType,
  userIds: readonly number[],
): Promise<number[]> {
  if (userIds.length === 0) return []
  return activeUsersInRoles(db, userIds, await rolesFor(db, type))
}

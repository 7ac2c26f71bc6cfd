import type { Kysely } from 'kysely'
import {
  gridPermissions,
  gridPermissionStrings,
  type GridButtonCode,
  type GridPermissions,
} from '#shared/grid-permissions'
import type { Db } from '../../db/open.ts'
import type { Database } from '../../db/schema.ts'
import { DeniedAction } from '../../errors.ts'
import type { MessageKey } from '../../i18n.ts'
import type { CurrentUser } from '../../plugins/authenticate.ts'
import { parseJsonColumn } from '../content/json-column.ts'

type Who = Pick<CurrentUser, 'role' | 'subject'> & Partial<Pick<CurrentUser, 'permissions'>>

async function rolePermissions(db: Kysely<Database>, role: string): Promise<string[]> {
  if (!role) return []
  const row = await db
    .selectFrom('roles')
    .select('permissions')
    .where('code', '=', role)
    .executeTakeFirst()
  const list = parseJsonColumn<unknown>(row?.permissions ?? '[]', [])
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : []
}

/**
 * The grid permission strings (SPEC §6) of a user, read with the shared `gridPermissions` the
 * grid screen uses: the role's `Permissions` (system settings) after the user's abilities. Through
 * the request's sign-in state when given the app's database (read with the session, see
 * authenticate), else straight from `db` (a transaction, which must see its own writes).
 */
export async function gridPermissionsOf(
  db: Db | Kysely<Database>,
  user: Who,
): Promise<GridPermissions> {
  const strings =
    'reads' in db && user.permissions
      ? user.permissions
      : 'reads' in db
        ? await db.reads.read(`role-permissions:${user.role}`, ['roles'], () =>
            rolePermissions(db.db, user.role),
          )
        : await rolePermissions(db, user.role)
  return gridPermissions(gridPermissionStrings(user.subject.abilities, strings))
}

/**
 * 403 when one of these toolbar buttons is hidden for the user: its call is refused like the
 * button, and the refusal is written to the operation log (DeniedAction, error handler).
 */
export function requireButtons(perms: GridPermissions, codes: readonly GridButtonCode[]): void {
  const hidden = codes.filter((c) => !perms.buttonShown(c))
  // the message names the most specific refusal: a delete or an add before the save they are part of
  const first = (['delete', 'add', 'audit', 'import', 'export', 'save'] as const).find((c) =>
    hidden.includes(c),
  )
  if (first) throw new DeniedAction(hidden.join(', '), deniedMessage[first])
}

const deniedMessage = {
  add: 'deniedAdd',
  delete: 'deniedDelete',
  save: 'deniedSave',
  audit: 'deniedAudit',
  import: 'deniedImport',
  export: 'deniedExport',
} as const satisfies Record<GridButtonCode, MessageKey>

/** A contract row without the columns hidden for the user (`Id` always stays: it names the row). */
export function visibleRow<R extends Record<string, unknown>>(row: R, perms: GridPermissions): R {
  if (perms.hiddenColumns.length === 0) return row
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(row)) if (k === 'Id' || perms.columnShown(k)) out[k] = v
  return out as R
}

/** 403 for a grid call the user may not make at all; the permissions when they may. */
export async function gridButtonsAllowed(
  db: Db | Kysely<Database>,
  user: Who,
  codes: readonly GridButtonCode[],
) {
  const perms = await gridPermissionsOf(db, user)
  requireButtons(perms, codes)
  return perms
}

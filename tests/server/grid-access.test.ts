import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Db } from '#server/db/open'
import { Code } from '#shared/contract/codes'
import { gridPermissions } from '#shared/grid-permissions'
import type { Database } from '#server/db/schema'
import {
  gridButtonsAllowed,
  gridPermissionsOf,
  requireButtons,
  visibleRow,
} from '#server/modules/orders/grid-access'

/** A database whose roles table holds one row (`permissions` as stored), recording the role asked for. */
function rolesDb(permissions: string | undefined) {
  const asked: unknown[] = []
  const query = {
    select: () => query,
    where: (_c: string, _op: string, v: unknown) => (asked.push(v), query),
    executeTakeFirst: async () => (permissions === undefined ? undefined : { permissions }),
  }
  const db = { selectFrom: () => query } as unknown as Kysely<Database>
  return { db, asked }
}
const user = (role: string, abilities: string[] = []) => ({
  role,
  subject: { admin: false, roles: role ? [role] : [], abilities },
})

describe('grid access of a user (SPEC §6, mutation survivors)', () => {
  it('keeps Id in a row even when a string hides a column of that name', () => {
    const perms = gridPermissions(['column-Id-show-false', 'column-UnitPrice-show-false'])
    expect(visibleRow({ Id: 7, UnitPrice: 3, Customer: 'A' }, perms)).toEqual({
      Id: 7,
      Customer: 'A',
    })
    const open = gridPermissions([])
    const row = { Id: 1, UnitPrice: 2 }
    expect(visibleRow(row, open)).toEqual({ Id: 1, UnitPrice: 2 })
  })

  it('refuses with 403 only when one of the named buttons is hidden', () => {
    const perms = gridPermissions(['button-delete-show-false'])
    expect(() => requireButtons(perms, ['save', 'export'])).not.toThrow()
    expect(() => requireButtons(perms, [])).not.toThrow()
    expect(() => requireButtons(perms, ['save', 'delete'])).toThrow(
      expect.objectContaining({ code: Code.forbidden, messageKey: 'deniedDelete' }),
    )
  })

  it("reads the role's strings after the user's abilities; only strings count", async () => {
    const { db, asked } = rolesDb(
      JSON.stringify(['column-A-show-true', 5, null, 'button-save-show-false']),
    )
    const perms = await gridButtonsAllowed(db, user('clerk', ['column-A-show-false']), ['add'])
    expect(asked).toEqual(['clerk'])
    expect(perms.columnShown('A')).toBe(true)
    expect(perms.buttonShown('save')).toBe(false)
    await expect(gridButtonsAllowed(db, user('clerk'), ['save'])).rejects.toMatchObject({
      code: Code.forbidden,
    })
  })

  it('a role row without a list, an unknown role or no role gives no strings', async () => {
    for (const stored of ['{"column-A-show-false":true}', '"column-A-show-false"', 'not json']) {
      const perms = await gridPermissionsOf(rolesDb(stored).db, user('clerk'))
      expect(perms.columnShown('A')).toBe(true)
      expect(perms.hiddenColumns).toEqual([])
    }
    const unknown = await gridPermissionsOf(
      rolesDb(undefined).db,
      user('ghost', ['column-B-show-false']),
    )
    expect(unknown.hiddenColumns).toEqual(['B'])
    const none = rolesDb('["column-A-show-false"]')
    expect((await gridPermissionsOf(none.db, user(''))).hiddenColumns).toEqual([])
    expect(none.asked).toEqual([])
  })

  it("through the app's database: the strings read with the session, else the read cache keyed by role", async () => {
    const roles = rolesDb('["column-A-show-false"]')
    const reads: { key: string; tables: readonly string[] }[] = []
    const app = {
      db: roles.db,
      reads: {
        read: async (key: string, tables: readonly string[], load: () => Promise<unknown>) => {
          reads.push({ key, tables })
          return load()
        },
      },
    } as unknown as Db
    const signedIn = { ...user('clerk'), permissions: ['column-B-show-false'] }
    expect((await gridPermissionsOf(app, signedIn)).hiddenColumns).toEqual(['B'])
    expect(reads).toEqual([])
    expect(roles.asked).toEqual([])
    // without them (a user not from a request): the role's row, through the cache, stale on a roles write
    expect((await gridPermissionsOf(app, user('clerk'))).hiddenColumns).toEqual(['A'])
    expect(reads).toEqual([{ key: 'role-permissions:clerk', tables: ['roles'] }])
    expect(roles.asked).toEqual(['clerk'])
  })

  it('in a transaction reads the role row itself, even when the user carries strings', async () => {
    const roles = rolesDb('["column-A-show-false"]')
    const signedIn = { ...user('clerk'), permissions: ['column-B-show-false'] }
    expect((await gridPermissionsOf(roles.db, signedIn)).hiddenColumns).toEqual(['A'])
    expect(roles.asked).toEqual(['clerk'])
  })
})

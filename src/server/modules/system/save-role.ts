import type { Kysely } from 'kysely'
import { Code } from '#shared/contract/codes'
import { adminRoleCode, roleInsert, roleRemove, roleUpdate } from '#shared/contract/system-roles'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { adminPermission } from '../../permissions.ts'
import { defineOperation } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'
import { allMenuIds, setRoleMenus } from './role-repository.ts'

const json = (v: readonly string[]) => JSON.stringify([...new Set(v)])

/**
 * PostCommon `SaveRole` (admin): removeRecords `{Code}`, updateRecords `{Code, Name?, NameEn?,
 * Abilities?, Permissions?, MenuIds?}`, insertRecords with every field. The built-in `admin`
 * role cannot be removed or lose an ability or a menu entry; a role users still hold cannot be
 * removed; unknown menu ids are refused. Any refusal leaves everything unchanged.
 */
export const saveRole = defineOperation({
  postUrl: 'SaveRole',
  permission: adminPermission,
  menu: ['/system/role'],
  insert: roleInsert,
  update: roleUpdate,
  remove: roleRemove,
  async run(trx, records, ctx) {
    const db = trx as Kysely<Database>
    const errors: Record<string, string> = {}
    const fail = (path: string, code: string) =>
      void (errors[path] ??= fieldText(path, code, ctx.lang))
    const menuIds = new Set(await allMenuIds(db))
    const checkMenus = (ids: readonly number[] | undefined, path: string) =>
      ids?.forEach((id, j) => menuIds.has(id) || fail(`${path}.MenuIds.${j}`, 'menuNotFound'))

    let removed = 0
    for (const [i, r] of records.removeRecords.entries()) {
      const path = `postData.removeRecords.${i}.Code`
      if (r.Code === adminRoleCode) {
        fail(path, 'adminRoleLocked')
        continue
      }
      const users = await db
        .selectFrom('users')
        .select('id')
        .where('role', '=', r.Code)
        .limit(1)
        .execute()
      if (users.length > 0) {
        fail(path, 'roleInUse')
        continue
      }
      await db.deleteFrom('role_menu').where('role_code', '=', r.Code).execute()
      const res = await db.deleteFrom('roles').where('code', '=', r.Code).executeTakeFirst()
      if (Number(res.numDeletedRows) === 0) fail(path, 'roleNotFound')
      removed += Number(res.numDeletedRows)
    }

    let updated = 0
    for (const [i, r] of records.updateRecords.entries()) {
      const path = `postData.updateRecords.${i}`
      const role = await db
        .selectFrom('roles')
        .selectAll()
        .where('code', '=', r.Code)
        .executeTakeFirst()
      if (!role) {
        fail(`${path}.Code`, 'roleNotFound')
        continue
      }
      checkMenus(r.MenuIds, path)
      if (r.Code === adminRoleCode) {
        const had = JSON.parse(role.abilities) as string[]
        if (r.Abilities && had.some((a) => !(r.Abilities as readonly string[]).includes(a)))
          fail(`${path}.Abilities`, 'adminRoleLocked')
        if (r.MenuIds && [...menuIds].some((id) => !r.MenuIds!.includes(id)))
          fail(`${path}.MenuIds`, 'adminRoleLocked')
      }
      const changes = {
        ...(r.Name !== undefined ? { name: r.Name } : {}),
        ...(r.NameEn !== undefined ? { name_en: r.NameEn } : {}),
        ...(r.Abilities !== undefined ? { abilities: json(r.Abilities) } : {}),
        ...(r.Permissions !== undefined ? { permissions: json(r.Permissions) } : {}),
      }
      if (Object.keys(changes).length > 0)
        await db.updateTable('roles').set(changes).where('code', '=', r.Code).execute()
      // the admin role holds every entry whatever is stored
      if (r.MenuIds !== undefined && r.Code !== adminRoleCode && Object.keys(errors).length === 0)
        await setRoleMenus(db, r.Code, r.MenuIds)
      updated++
    }

    let inserted = 0
    for (const [i, r] of records.insertRecords.entries()) {
      const path = `postData.insertRecords.${i}`
      const taken = await db
        .selectFrom('roles')
        .select('code')
        .where('code', '=', r.Code)
        .executeTakeFirst()
      if (taken) {
        fail(`${path}.Code`, 'roleTaken')
        continue
      }
      checkMenus(r.MenuIds, path)
      await db
        .insertInto('roles')
        .values({
          code: r.Code,
          name: r.Name,
          name_en: r.NameEn,
          abilities: json(r.Abilities),
          permissions: json(r.Permissions),
          builtin: 0,
        })
        .execute()
      if (Object.keys(errors).length === 0) await setRoleMenus(db, r.Code, r.MenuIds)
      inserted++
    }
    if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
    return { inserted, updated, removed }
  },
})

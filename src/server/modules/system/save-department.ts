import { Code } from '#shared/contract/codes'
import {
  departmentInsert,
  departmentRemove,
  departmentUpdate,
} from '#shared/contract/system-departments'
import { AppError } from '../../errors.ts'
import { adminPermission } from '../../permissions.ts'
import { defineOperation } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'

/**
 * PostCommon `SaveDepartment` (admin): removeRecords `{Id}` (only without sub-departments and
 * users), updateRecords `{Id, Name?, NameEn?, ParentId?, Sort?}` (rename, move, reorder; never below
 * itself), insertRecords `{Name, NameEn?, ParentId, Sort?}` (at the end of its level by default).
 */
export const saveDepartment = defineOperation({
  postUrl: 'SaveDepartment',
  permission: adminPermission,
  menu: ['/system/department', '/system/user'],
  insert: departmentInsert,
  update: departmentUpdate,
  remove: departmentRemove,
  async run(trx, records, ctx) {
    const errors: Record<string, string> = {}
    const fail = (path: string, code: string) =>
      void (errors[path] ??= fieldText(path, code, ctx.lang))
    const rows = new Map(
      (await trx.selectFrom('department').select(['id', 'parent_id', 'sort']).execute()).map(
        (r) => [r.id, r],
      ),
    )
    const isBelow = (id: number, ancestor: number) => {
      for (
        let r = rows.get(id), n = 0;
        r && n < 100;
        r = r.parent_id === null ? undefined : rows.get(r.parent_id), n++
      ) {
        if (r.id === ancestor) return true
      }
      return false
    }

    let removed = 0
    for (const [i, r] of records.removeRecords.entries()) {
      const path = `postData.removeRecords.${i}.Id`
      if (!rows.has(r.Id)) {
        fail(path, 'departmentNotFound')
        continue
      }
      const child = [...rows.values()].some((d) => d.parent_id === r.Id)
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('department_id', '=', r.Id)
        .limit(1)
        .executeTakeFirst()
      if (child || user) {
        fail(path, 'departmentNotEmpty')
        continue
      }
      await trx.deleteFrom('department').where('id', '=', r.Id).execute()
      rows.delete(r.Id)
      removed++
    }

    let updated = 0
    for (const [i, r] of records.updateRecords.entries()) {
      const path = `postData.updateRecords.${i}`
      const had = rows.get(r.Id)
      if (!had) {
        fail(`${path}.Id`, 'departmentNotFound')
        continue
      }
      if (r.ParentId !== undefined && r.ParentId !== null) {
        if (!rows.has(r.ParentId)) fail(`${path}.ParentId`, 'departmentNotFound')
        else if (isBelow(r.ParentId, r.Id)) fail(`${path}.ParentId`, 'departmentCycle')
      }
      if (Object.keys(errors).length > 0) continue
      const set = {
        ...(r.Name !== undefined ? { name: r.Name } : {}),
        ...(r.NameEn !== undefined ? { name_en: r.NameEn } : {}),
        ...(r.ParentId !== undefined ? { parent_id: r.ParentId } : {}),
        ...(r.Sort !== undefined ? { sort: r.Sort } : {}),
      }
      if (Object.keys(set).length > 0)
        await trx.updateTable('department').set(set).where('id', '=', r.Id).execute()
      rows.set(r.Id, { ...had, ...set })
      updated++
    }

    let inserted = 0
    const now = new Date().toISOString()
    for (const [i, r] of records.insertRecords.entries()) {
      if (r.ParentId !== null && !rows.has(r.ParentId)) {
        fail(`postData.insertRecords.${i}.ParentId`, 'departmentNotFound')
        continue
      }
      const sort =
        r.Sort ??
        Math.max(
          0,
          ...[...rows.values()].filter((d) => d.parent_id === r.ParentId).map((d) => d.sort),
        ) + 10
      const row = await trx
        .insertInto('department')
        .values({
          name: r.Name,
          name_en: r.NameEn ?? '',
          parent_id: r.ParentId,
          sort,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      rows.set(row.id, { id: row.id, parent_id: r.ParentId, sort })
      inserted++
    }
    if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
    return { inserted, updated, removed }
  },
})

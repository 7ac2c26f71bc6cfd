import { Code } from '#shared/contract/codes'
import {
  menuInsert,
  menuRemove,
  menuShapeError,
  menuUpdate,
  type MenuInsert,
} from '#shared/contract/system-menu'
import { groupComponent } from '#shared/staff-screens'
import { AppError } from '../../errors.ts'
import { adminPermission } from '../../permissions.ts'
import { withMenu, type MenuTable } from '../menu/table.ts'
import { defineOperation } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'

type Row = Omit<MenuTable, 'id'> & { id: number }
/** A new role-controlled entry: administrators only until a role is given it. */
const controlled = JSON.stringify(['admin'])

/** Column values of the contract fields a record gives. */
function columns(r: Partial<MenuInsert>, had: Row | undefined): Partial<Omit<MenuTable, 'id'>> {
  const out: Partial<Omit<MenuTable, 'id'>> = {}
  if (r.ParentId !== undefined) out.parent_id = r.ParentId
  if (r.Path !== undefined) out.path = r.Path
  if (r.Name !== undefined) out.name = r.Name
  if (r.Component !== undefined) out.component = r.Component
  if (r.Redirect !== undefined) out.redirect = r.Redirect
  if (r.Hidden !== undefined) out.hidden = r.Hidden ? 1 : 0
  if (r.AlwaysShow !== undefined) out.always_show = r.AlwaysShow ? 1 : 0
  if (r.MenuHidden !== undefined) out.menu_hidden = r.MenuHidden ? 1 : 0
  if (r.Sort !== undefined) out.sort = r.Sort
  if (r.Open !== undefined) out.permission = r.Open ? null : (had?.permission ?? controlled)
  if (r.Meta !== undefined) {
    // empty optional texts are left out, so the shell falls back as for a missing field
    out.meta = JSON.stringify(
      Object.fromEntries(Object.entries(r.Meta).filter(([, v]) => v !== '' && v !== undefined)),
    )
  }
  return out
}

/**
 * PostCommon `SaveMenu` (admin): removeRecords `{Id}` (a group with entries cannot go),
 * updateRecords `{Id, ...changed fields}`, insertRecords with every field. Pages must be staff
 * screens of the client with their own component key, groups use `Layout`; a parent must be a
 * group and not the entry itself or one below it; names are unique. Any refusal changes nothing.
 */
export const saveMenu = defineOperation({
  postUrl: 'SaveMenu',
  permission: adminPermission,
  menu: ['/system/menu'],
  insert: menuInsert,
  update: menuUpdate,
  remove: menuRemove,
  async run(trx, records, ctx) {
    const db = withMenu(trx)
    const errors: Record<string, string> = {}
    const fail = (path: string, code: string) =>
      void (errors[path] ??= fieldText(path, code, ctx.lang))
    const rows = new Map(
      (await db.selectFrom('menu').selectAll().execute()).map((r) => [r.id, r as Row]),
    )
    const below = (id: number, ancestor: number) => {
      for (
        let r = rows.get(id), n = 0;
        r && n < 100;
        r = r.parent_id === null ? undefined : rows.get(r.parent_id), n++
      ) {
        if (r.id === ancestor) return true
      }
      return false
    }
    const parentOk = (parentId: number | null, self?: number) => {
      if (parentId === null) return true
      const p = rows.get(parentId)
      return !!p && p.component === groupComponent && (self === undefined || !below(parentId, self))
    }
    const nameTaken = (name: string, self?: number) =>
      [...rows.values()].some((r) => r.name === name && r.id !== self)

    let removed = 0
    const removing = new Set(records.removeRecords.map((r) => r.Id))
    for (const [i, r] of records.removeRecords.entries()) {
      const path = `postData.removeRecords.${i}.Id`
      if (!rows.has(r.Id)) fail(path, 'menuNotFound')
      else if ([...rows.values()].some((c) => c.parent_id === r.Id && !removing.has(c.id)))
        fail(path, 'menuHasChildren')
    }
    if (Object.keys(errors).length === 0) {
      // children first, so a removed group's removed entries go with it
      const order = [...removing].sort((a, b) => Number(below(b, a)) - Number(below(a, b)))
      for (const id of order) {
        await trx.deleteFrom('role_menu').where('menu_id', '=', id).execute()
        removed += Number(
          (await db.deleteFrom('menu').where('id', '=', id).executeTakeFirst()).numDeletedRows,
        )
        rows.delete(id)
      }
    }

    let updated = 0
    for (const [i, r] of records.updateRecords.entries()) {
      const path = `postData.updateRecords.${i}`
      const had = rows.get(r.Id)
      if (!had) {
        fail(`${path}.Id`, 'menuNotFound')
        continue
      }
      const merged = { Path: r.Path ?? had.path, Component: r.Component ?? had.component }
      const shape = menuShapeError(merged)
      if (shape) fail(`${path}.Path`, shape)
      const hasChildren = [...rows.values()].some((c) => c.parent_id === had.id)
      if (merged.Component !== groupComponent && hasChildren)
        fail(`${path}.Component`, 'menuComponent')
      if (r.ParentId !== undefined && !parentOk(r.ParentId, had.id))
        fail(`${path}.ParentId`, 'menuParent')
      if (r.Name !== undefined && nameTaken(r.Name, had.id)) fail(`${path}.Name`, 'menuName')
      const values = columns(r, had)
      if (Object.keys(values).length > 0)
        await db.updateTable('menu').set(values).where('id', '=', had.id).execute()
      rows.set(had.id, { ...had, ...values })
      updated++
    }

    let inserted = 0
    for (const [i, r] of records.insertRecords.entries()) {
      const path = `postData.insertRecords.${i}`
      if (!parentOk(r.ParentId)) fail(`${path}.ParentId`, 'menuParent')
      if (nameTaken(r.Name)) fail(`${path}.Name`, 'menuName')
      if (Object.keys(errors).length > 0) continue
      const siblings = [...rows.values()].filter((s) => s.parent_id === r.ParentId)
      const sort = r.Sort ?? Math.max(0, ...siblings.map((s) => s.sort)) + 10
      const values = columns({ ...r, Sort: sort }, undefined)
      const row = await db
        .insertInto('menu')
        .values({
          parent_id: r.ParentId,
          path: r.Path,
          name: r.Name,
          component: r.Component,
          redirect: r.Redirect,
          hidden: 0,
          always_show: 0,
          menu_hidden: 0,
          meta: '{}',
          permission: null,
          sort,
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      rows.set(row.id, { id: row.id, ...values } as Row)
      inserted++
    }
    if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
    return { inserted, updated, removed }
  },
})

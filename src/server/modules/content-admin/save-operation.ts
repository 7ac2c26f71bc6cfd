import type { Kysely } from 'kysely'
import { Code } from '#shared/contract/codes'
import { removeById } from '#shared/contract/content-admin'
import { AppError } from '../../errors.ts'
import { defineContentOperation } from './content-operation.ts'
import { fieldText } from '../post-common/validate.ts'
import { columnsOf, type ContentKind } from './content-kind.ts'

type Rec = Record<string, unknown>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are addressed by the static names of ContentKind
type LooseDb = Kysely<any>

/**
 * PostCommon `Save{Kind}` (CONTENT ability): removeRecords `{Id}`, then updateRecords
 * `{Id, ...changed fields}`, then insertRecords, in the request's transaction. Any refused
 * record (unknown Id, broken rule) rejects the whole call with field errors keyed
 * `postData.{kind}Records.{i}.{Field}` and nothing is saved.
 */
export function contentSaveOperation(kind: ContentKind) {
  return defineContentOperation({
    postUrl: `Save${kind.name}`,
    menu: kind.menu,
    insert: kind.insert,
    update: kind.update,
    remove: removeById,
    async run(trx, records, ctx) {
      const db = trx as unknown as LooseDb
      const errors: Record<string, string> = {}
      const fail = (path: string, code: string) =>
        void (errors[path] ??= fieldText(path, code, ctx.lang))
      const now = new Date().toISOString()
      const stamp = (values: Rec) =>
        kind.updatedColumn ? { ...values, [kind.updatedColumn]: now } : values
      const checkAll = async (merged: Rec, path: string) => {
        for (const [field, code] of Object.entries((await kind.check?.(trx, merged)) ?? {}))
          fail(`${path}.${field}`, code)
      }

      let removed = 0
      for (const [i, rec] of records.removeRecords.entries()) {
        const refused = await kind.refuseRemove?.(trx, rec.Id)
        if (refused) {
          fail(`postData.removeRecords.${i}.Id`, refused)
          continue
        }
        const r = await db.deleteFrom(kind.table).where('id', '=', rec.Id).executeTakeFirst()
        if (Number(r.numDeletedRows) === 0) fail(`postData.removeRecords.${i}.Id`, 'recordNotFound')
        removed += Number(r.numDeletedRows)
      }

      let updated = 0
      for (const [i, raw] of (records.updateRecords as Rec[]).entries()) {
        const path = `postData.updateRecords.${i}`
        const id = raw.Id as number
        const existing = (await db
          .selectFrom(kind.table)
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst()) as Rec | undefined
        if (!existing) {
          fail(`${path}.Id`, 'recordNotFound')
          continue
        }
        const values = columnsOf(kind, raw)
        await checkAll({ ...existing, ...values }, path)
        if (Object.keys(values).length === 0 || Object.keys(errors).length > 0) continue
        await db.updateTable(kind.table).set(stamp(values)).where('id', '=', id).execute()
        updated++
      }

      let inserted = 0
      for (const [i, raw] of (records.insertRecords as Rec[]).entries()) {
        const path = `postData.insertRecords.${i}`
        const values = { ...kind.insertDefaults?.(now), ...columnsOf(kind, raw) }
        await checkAll(values, path)
        if (Object.keys(errors).length > 0) continue
        const created = kind.createdColumn ? { [kind.createdColumn]: now } : {}
        await db
          .insertInto(kind.table)
          .values(stamp({ ...created, ...values }))
          .execute()
        inserted++
      }

      if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
      return { inserted, updated, removed }
    },
  })
}

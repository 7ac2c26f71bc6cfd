import type { Kysely } from 'kysely'
import { Code } from '#shared/contract/codes'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import type { Lang } from '../../i18n.ts'
import { fieldText } from './validate.ts'

/** The yes/no columns that PostCommon operations switch by Id. */
type Flag = { table: 'leaving'; column: 'handled' } | { table: 'wechat_user'; column: 'ban' }

/**
 * Sets a yes/no column of rows by Id (`updateRecords` order); an unknown Id rejects the whole
 * call with `postData.updateRecords.{i}.Id` "record not found" (the transaction rolls back).
 */
export async function setFlags(
  trx: Kysely<Database>,
  flag: Flag,
  rows: { Id: number; on: boolean }[],
  lang: Lang,
) {
  const errors: Record<string, string> = {}
  let updated = 0
  for (const [i, r] of rows.entries()) {
    const res = await (trx as unknown as Kysely<Record<string, Record<string, number>>>)
      .updateTable(flag.table)
      .set({ [flag.column]: r.on ? 1 : 0 })
      .where('id', '=', r.Id)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) === 0) {
      const path = `postData.updateRecords.${i}.Id`
      errors[path] = fieldText(path, 'recordNotFound', lang)
    }
    updated += Number(res.numUpdatedRows)
  }
  if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
  return { updated }
}

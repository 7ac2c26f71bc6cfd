import type { Kysely } from 'kysely'
import { Code } from '#shared/contract/codes'
import { leavingRemoveRecord, leavingUpdateRecord } from '#shared/contract/leaving-admin'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import type { Lang } from '../../i18n.ts'
import { contentPermission } from '../../permissions.ts'
import { defineOperation } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'

type Changes = { handled?: 0 | 1; reply?: string; replied_by?: string; replied_at?: string }

/** Throws "record not found" on `postData.{kind}.{i}.Id` for each Id that matched no row. */
function refuseMissing(kind: 'updateRecords' | 'removeRecords', missing: number[], lang: Lang) {
  if (missing.length === 0) return
  const errors = Object.fromEntries(
    missing.map((i) => {
      const path = `postData.${kind}.${i}.Id`
      return [path, fieldText(path, 'recordNotFound', lang)]
    }),
  )
  throw new AppError(Code.badRequest, 'badRequest', errors)
}

/**
 * PostCommon `SaveLeaving` (CONTENT, `/admin/leaving`): updateRecords `{Id, Handled?, Reply?}`
 * mark visitor messages handled (or not) and write the staff reply/notes (who and when are kept);
 * a field left out stays unchanged. removeRecords `{Id}` delete messages (spam). An unknown Id
 * refuses the whole call and nothing changes (one transaction).
 */
export const saveLeaving = defineOperation({
  postUrl: 'SaveLeaving',
  permission: contentPermission,
  menu: ['/admin/leaving'],
  update: leavingUpdateRecord,
  remove: leavingRemoveRecord,
  run: async (trx: Kysely<Database>, records, ctx) => {
    const missing: number[] = []
    let updated = 0
    for (const [i, r] of records.updateRecords.entries()) {
      const set: Changes = {}
      if (r.Handled !== undefined) set.handled = r.Handled ? 1 : 0
      if (r.Reply !== undefined)
        Object.assign(set, {
          reply: r.Reply,
          replied_by: ctx.user.loginName,
          replied_at: new Date().toISOString(),
        })
      const res =
        Object.keys(set).length > 0
          ? await trx.updateTable('leaving').set(set).where('id', '=', r.Id).executeTakeFirst()
          : {
              numUpdatedRows: BigInt(
                (await trx.selectFrom('leaving').select('id').where('id', '=', r.Id).execute())
                  .length,
              ),
            }
      if (Number(res.numUpdatedRows) === 0) missing.push(i)
      else updated += 1
    }
    refuseMissing('updateRecords', missing, ctx.lang)
    let removed = 0
    for (const [i, r] of records.removeRecords.entries()) {
      const res = await trx.deleteFrom('leaving').where('id', '=', r.Id).executeTakeFirst()
      if (Number(res.numDeletedRows) === 0) missing.push(i)
      else removed += 1
    }
    refuseMissing('removeRecords', missing, ctx.lang)
    return { updated, removed }
  },
})

import { Code } from '#shared/contract/codes'
import { leavingHandleRecord } from '#shared/contract/leaving-admin'
import { AppError } from '../../errors.ts'
import { contentPermission } from '../../permissions.ts'
import { defineOperation } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'

/** PostCommon `SaveLeaving` (CONTENT): updateRecords `{Id, Handled}` mark visitor messages handled or not. */
export const saveLeaving = defineOperation({
  postUrl: 'SaveLeaving',
  permission: contentPermission,
  update: leavingHandleRecord,
  async run(trx, records, ctx) {
    const errors: Record<string, string> = {}
    let updated = 0
    for (const [i, r] of records.updateRecords.entries()) {
      const res = await trx.updateTable('leaving').set({ handled: r.Handled ? 1 : 0 }).where('id', '=', r.Id).executeTakeFirst()
      if (Number(res.numUpdatedRows) === 0) {
        const path = `postData.updateRecords.${i}.Id`
        errors[path] = fieldText(path, 'recordNotFound', ctx.lang)
      }
      updated += Number(res.numUpdatedRows)
    }
    if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
    return { updated }
  },
})

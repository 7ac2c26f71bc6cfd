import { leavingHandleRecord } from '#shared/contract/leaving-admin'
import { contentPermission } from '../../permissions.ts'
import { defineOperation } from '../post-common/registry.ts'
import { setFlags } from '../post-common/set-flags.ts'

/** PostCommon `SaveLeaving` (CONTENT): updateRecords `{Id, Handled}` mark visitor messages handled or not. */
export const saveLeaving = defineOperation({
  postUrl: 'SaveLeaving',
  permission: contentPermission,
  menu: ['/admin/leaving'],
  update: leavingHandleRecord,
  run: (trx, records, ctx) =>
    setFlags(trx, { table: 'leaving', column: 'handled' }, records.updateRecords.map((r) => ({ Id: r.Id, on: r.Handled })), ctx.lang),
})

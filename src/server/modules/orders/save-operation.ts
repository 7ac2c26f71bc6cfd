import type { Transaction } from 'kysely'
import { removeRecord } from '#shared/contract/grid-fields'
import type { GridButtonCode } from '#shared/grid-permissions'
import type { Database } from '../../db/schema.ts'
import { defineOperation, type OperationContext } from '../post-common/registry.ts'
import { gridButtonsAllowed } from './grid-access.ts'
import type { GridKind } from './grid-kind.ts'
import { saveRecords, type SaveRecords } from './save-records.ts'

/**
 * PostCommon `Save{Kind}` answers 403 when the caller's grid permissions (SPEC §6) hide the
 * toolbar button of what it asks: `save` for any record, `add` for insertRecords, `delete` for
 * removeRecords - the buttons the grid screen would not show them. `{Kind}/Upload` asks the same
 * of the rows it would store.
 */
export function buttonsFor(records: SaveRecords): GridButtonCode[] {
  const codes: GridButtonCode[] = []
  if (
    records.insertRecords.length + records.updateRecords.length + records.removeRecords.length >
    0
  )
    codes.push('save')
  if (records.insertRecords.length > 0) codes.push('add')
  if (records.removeRecords.length > 0) codes.push('delete')
  return codes
}

/**
 * PostCommon `Save{Kind}`: removeRecords `{Id}`, then updateRecords `{Id, ...changed fields}`,
 * then insertRecords, in the request's transaction. TotalSum is computed here; an update that
 * changes a field of the kind's `auditResetFields` (shared/contract/audit-reset.ts) puts an
 * audited record back to pending review (AuditStatus 0), one that changes only its remark does not. Any refused record (unknown Id or order,
 * order number taken, cross-field rule) rejects the whole call with field errors keyed
 * `postData.{kind}Records.{i}.{Field}` and nothing is saved. New orders, purchases,
 * outsourcing and shipments send their notice.
 */
export function saveOperation(kind: GridKind) {
  const save = saveRecords(kind)
  return defineOperation({
    postUrl: `Save${kind.name}`,
    permission: kind.permission,
    menu: kind.menu,
    ...(kind.insert ? { insert: kind.insert } : {}),
    update: kind.update,
    remove: removeRecord,
    async run(trx: Transaction<Database>, records, ctx: OperationContext) {
      return save(trx, records, ctx, await gridButtonsAllowed(trx, ctx.user, buttonsFor(records)))
    },
  })
}

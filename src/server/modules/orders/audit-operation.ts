import { auditRecord } from '#shared/contract/grid-fields'
import { Code } from '#shared/contract/codes'
import { AppError } from '../../errors.ts'
import { auditPermission } from '../../permissions.ts'
import { defineOperation } from '../post-common/registry.ts'
import { fieldText } from '../post-common/validate.ts'
import { gridButtonsAllowed } from './grid-access.ts'
import { findGridRow } from './grid-repository.ts'
import { loose, type GridKind } from './grid-kind.ts'
import { auditedText } from './grid-notices.ts'
import { diffRecords, writeHistory, type HistoryItem } from '../history/write-history.ts'
import { baseOf, claimVersion, VersionBook } from '../history/row-version.ts'

/**
 * PostCommon `Audit{Kind}` (audit permission): updateRecords `{Id, AuditStatus: 1 | -1,
 * AuditComment}` pass or reject records (a rejection needs a comment). Orders, purchases,
 * outsourcing and shipments send a notice. An unknown Id rejects the whole call.
 */
export function auditOperation(kind: GridKind) {
  return defineOperation({
    postUrl: `Audit${kind.name}`,
    permission: auditPermission,
    menu: kind.menu,
    update: auditRecord,
    async run(trx, records, ctx) {
      // SPEC §6: `button-audit-show-false` hides the Audit button; its call answers 403
      await gridButtonsAllowed(trx, ctx.user, ['audit'])
      const errors: Record<string, string> = {}
      const now = new Date().toISOString()
      const history: HistoryItem[] = []
      const done: { orderId: number; orderNo: string; passed: boolean; comment: string }[] = []
      const book = ctx.versions ?? new VersionBook(ctx.lang)
      for (const [i, r] of records.updateRecords.entries()) {
        // an audit is a write too: compare-and-set of the record's version (DESIGN §11)
        const version = await claimVersion(
          trx,
          book,
          { recordType: kind.name, table: kind.table, keyColumn: 'id', key: r.Id },
          {
            base: baseOf(r),
            mine: { AuditStatus: r.AuditStatus, AuditComment: r.AuditComment },
            path: `postData.updateRecords.${i}`,
          },
        )
        if (version.kind === 'clash') continue
        const row = await findGridRow(kind, trx, r.Id)
        if (!row) {
          const path = `postData.updateRecords.${i}.Id`
          errors[path] = fieldText(path, 'recordNotFound', ctx.lang)
          continue
        }
        await loose(trx)
          .updateTable(kind.table)
          .set({
            audit_status: r.AuditStatus,
            audit_comment: r.AuditComment,
            audited_at: now,
            audited_by: ctx.user.id,
          })
          .where('id', '=', r.Id)
          .execute()
        const before = {
          AuditStatus: Number(row.audit_status ?? 0),
          AuditComment: String(row.audit_comment ?? ''),
        }
        const changes = diffRecords(before, {
          AuditStatus: r.AuditStatus,
          AuditComment: r.AuditComment,
        })
        history.push({
          recordType: kind.name,
          recordId: r.Id,
          action: r.AuditStatus > 0 ? 'audit' : 'unaudit',
          changes,
          ...(version.kind === 'ok' ? { rowVersion: version.version } : {}),
        })
        const orderId = kind.order === 'self' ? r.Id : Number(row.order_id ?? 0)
        const orderNo = String((kind.order === 'self' ? row.order_no : row.order_no_ref) ?? '')
        done.push({ orderId, orderNo, passed: r.AuditStatus > 0, comment: r.AuditComment })
      }
      book.throwIfClashed()
      if (Object.keys(errors).length > 0) throw new AppError(Code.badRequest, 'badRequest', errors)
      await writeHistory(trx, { user: ctx.user, how: ctx.how ?? 'api' }, history)
      if (kind.noticeType !== undefined) {
        for (const d of done) {
          await ctx.notify({
            type: kind.noticeType,
            orderId: d.orderId,
            orderNo: d.orderNo,
            ...auditedText(kind, d.orderNo, d.passed, d.comment),
          })
        }
      }
      return { updated: done.length }
    },
  })
}

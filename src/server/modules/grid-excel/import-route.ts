import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { orFailure } from '#shared/contract/envelope'
import {
  gridImportQuery,
  gridImportResponse,
  type GridImportResult,
  type ImportRejectedRow,
} from '#shared/contract/grid-excel'
import { AppError } from '../../errors.ts'
import { requestLang, t, type Lang } from '../../i18n.ts'
import type { NoticeEvent } from '../notices/notice-view.ts'
import { createNotice, type NotifyInput } from '../notices/notify.ts'
import { gridButtonsAllowed, gridPermissionsOf } from '../orders/grid-access.ts'
import { writeLog } from '../system/log-repository.ts'
import { VersionBook } from '../history/row-version.ts'
import { readUpload } from '../uploads/read-upload.ts'
import { requireImportButtons } from './import-buttons.ts'
import { planImport, type ImportPlan } from './import-plan.ts'
import { summaryNotice, type Importer } from './importers.ts'
import { labelOf } from './labels.ts'
import { parseInWorker } from './parse-in-worker.ts'
import { readSheet } from './read-sheet.ts'
import { checkSpreadsheetHead, spreadsheetSniffBytes } from './xlsx-bytes.ts'

const sniff = { bytes: spreadsheetSniffBytes, check: checkSpreadsheetHead }

/** A database constraint refused a write: SQLite `SQLITE_CONSTRAINT*`, PostgreSQL class 23. */
const isConstraintError = (e: unknown) => {
  const code =
    typeof e === 'object' && e !== null ? String((e as { code?: unknown }).code ?? '') : ''
  return code.startsWith('SQLITE_CONSTRAINT') || /^23\d{3}$/.test(code)
}

/** A plan refused inside the apply transaction: its rows, or the save's field errors as rows. */
class Refused extends Error {
  constructor(readonly rows: ImportRejectedRow[]) {
    super('refused')
  }
}

/** The save's field errors (`postData.{insert|update}Records.{i}.{Field}`) as refused rows of the file. */
function savedProblems(
  importer: Importer,
  errors: Record<string, string>,
  plan: ImportPlan,
  lang: Lang,
) {
  const out: ImportRejectedRow[] = []
  for (const [path, reason] of Object.entries(errors)) {
    const m = /^postData\.(insert|update)Records\.(\d+)\.(\w+)/.exec(path)
    const row = m ? (m[1] === 'insert' ? plan.inserts : plan.updates)[Number(m[2])]?.row : undefined
    if (!m || row === undefined) continue
    out.push({ row, field: m[3]!, column: labelOf(importer.name, m[3]!)[lang], reason })
  }
  return out
}

const result = (
  plan: ImportPlan,
  ignoredColumns: string[],
  applied: boolean,
): GridImportResult => ({
  insertRows: plan.inserts.length,
  updateRows: plan.updates.length,
  unchangedRows: plan.unchanged,
  rejectedRows: plan.rejected,
  changedRows: plan.updates.map((u) => u.change),
  ignoredColumns,
  applied,
  token: plan.token,
})

function refused(
  reply: FastifyReply,
  rejected: ImportRejectedRow[],
  ignoredColumns: string[],
  lang: Lang,
) {
  const rows = [...rejected].sort((a, b) => a.row - b.row)
  const count = new Set(rows.map((r) => r.row)).size
  const data: GridImportResult = {
    insertRows: 0,
    updateRows: 0,
    unchangedRows: 0,
    rejectedRows: rows,
    changedRows: [],
    ignoredColumns,
    applied: false,
    token: '',
  }
  return reply
    .status(400)
    .type('application/json; charset=utf-8')
    .serializer((p) => JSON.stringify(p))
    .send({ code: Code.badRequest, msg: t('importRejected', lang, { count }), data })
}

/**
 * `POST {API_PREFIX}/{Kind}/Upload` (multipart/form-data, one .xlsx or .xls, at most
 * UPLOAD_MAX_BYTES): read in a worker thread with a time and a heap limit (`parseInWorker`),
 * checked there by its bytes before any parse (an .xlsx zip strictly, before unpacking, its
 * worksheets cut to cells and merges; an .xls by its cell and range records), read without
 * evaluating formulas, each row matched to a stored record by the
 * kind's key and checked with the inline save's rules (see `planImport`). `?mode=preview`
 * answers the plan and stores nothing; an apply plans again inside one transaction, refuses the
 * whole file when a row is refused (code 400, `data.rejectedRows`) or, with `mode=apply`, when
 * the plan is no longer the previewed one (`token`), and stores new and changed rows through the
 * kind's own save (an audited record it changes goes back to pending), refused (403) when the
 * role hides the Save button, or the Add button and the file has new rows, as `Save{Kind}` would
 * be (checked at preview and again inside the apply transaction). One notice per import.
 * A file with the `RowVersion` column (exports have it last): a row whose record changed in
 * Forgeline since, in a field the row changes, is a clash (`changedRows[].clash`); it is applied
 * only when the apply call lists its row number in `applyRows`, else the record is left as it is.
 * Every record written is announced on the realtime channel with its new version.
 */
export function gridImportRoute(importer: Importer, tag: string) {
  return async (app: FastifyInstance) => {
    const db = app.deps.db.db
    // metrics: a preview or an apply, from the request to the answer (this plugin holds the one route)
    app.addHook('onResponse', async (_req, reply) => {
      const outcome = reply.statusCode < 400 ? 'ok' : reply.statusCode < 500 ? 'refused' : 'error'
      app.metrics.transferSeconds.observe(
        { direction: 'import', grid: importer.name, outcome },
        reply.elapsedTime / 1000,
      )
    })
    app.withTypeProvider<ZodTypeProvider>().post(
      `/${importer.name}/Upload`,
      {
        config: { permission: importer.permission, menu: importer.menu },
        schema: {
          tags: [tag],
          summary: `Import ${importer.label.en} rows from an .xlsx or .xls file: preview, then apply (all or nothing)`,
          consumes: ['multipart/form-data'],
          querystring: gridImportQuery,
          // a refused file: code 400 with the refused rows in `data`; other refusals: `data: null`
          response: { 200: gridImportResponse, 400: orFailure(gridImportResponse) },
        },
      },
      async (req, reply) => {
        const lang = requestLang(req)
        const user = req.user!
        const { mode, token } = req.query
        const ticked = new Set((req.query.applyRows ?? '').split(',').filter(Boolean).map(Number))
        const book = new VersionBook(lang)
        if (mode === 'apply' && !token) throw new AppError(Code.badRequest, 'importStale')
        // SPEC §6: `button-import-show-false` hides Import; its call answers 403 before reading the file
        const perms = await gridButtonsAllowed(app.deps.db, user, ['import'])
        const { data: file } = await readUpload(req, app.deps.config.uploadMaxBytes, sniff)
        const source = await parseInWorker(file, app.deps.config.importParse)
        const sheet = await readSheet(source, importer.name, importer.columns, importer.known, lang)
        if (sheet.rows.length === 0) throw new AppError(Code.badRequest, 'importEmpty')

        if (mode === 'preview') {
          const plan = await planImport(importer, sheet, db, perms, lang)
          requireImportButtons(perms, plan)
          const counts = {
            insert: plan.inserts.length,
            update: plan.updates.length,
            unchanged: plan.unchanged,
            rejected: new Set(plan.rejected.map((r) => r.row)).size,
          }
          return {
            code: Code.ok,
            msg: t('importPreview', lang, counts),
            data: result(plan, sheet.ignoredColumns, false),
          }
        }

        const created: NotifyInput[] = []
        let events: NoticeEvent[] = []
        let plan: ImportPlan
        try {
          plan = await db.transaction().execute(async (trx) => {
            const planned = await planImport(importer, sheet, trx, perms, lang)
            if (planned.rejected.length > 0) throw new Refused(planned.rejected)
            if (mode === 'apply' && planned.token !== token)
              throw new AppError(Code.badRequest, 'importStale')
            // clash rows the user did not tick stay as they are in Forgeline
            const p = {
              ...planned,
              updates: planned.updates.filter((u) => !u.change.clash || ticked.has(u.row)),
            }
            // the Save/Add buttons as the role has them now, read in this transaction
            requireImportButtons(await gridPermissionsOf(trx, user), p)
            const ctx = {
              user,
              lang,
              ip: req.ip,
              how: 'import' as const,
              versions: book,
              notify: async (input: NotifyInput) => void created.push(input),
            }
            try {
              await importer.save(
                trx,
                p.inserts.map((i) => i.record),
                p.updates.map((u) => u.record),
                ctx,
              )
            } catch (e) {
              const rows =
                e instanceof AppError && e.fieldErrors
                  ? savedProblems(importer, e.fieldErrors, p, lang)
                  : []
              if (rows.length > 0) throw new Refused(rows)
              throw e
            }
            const notice = summaryNotice(importer, created)
            events = notice ? [await createNotice(trx, notice)] : []
            return p
          })
        } catch (e) {
          if (e instanceof Refused) return refused(reply, e.rows, sheet.ignoredColumns, lang)
          // a row the plan passed but the database refused while writing: rolled back, nothing kept
          if (isConstraintError(e)) {
            req.log.warn({ err: e }, 'import: the database refused a row while writing')
            throw new AppError(Code.conflict, 'importWriteFailed')
          }
          throw e
        }
        if (book.written.size > 0)
          await app.realtime
            .publishVersions([...book.written.values()])
            .catch((err: unknown) => req.log.warn({ err }, 'import: could not publish versions'))
        for (const event of events)
          await app.realtime
            .publish(event)
            .catch((err: unknown) => req.log.warn({ err }, 'import: could not publish a notice'))
        await writeLog(db, {
          account: user.loginName,
          operation: `Import ${importer.name}`,
          logType: 'database',
          result: `success: inserted ${plan.inserts.length}, updated ${plan.updates.length}, unchanged ${plan.unchanged}`,
          ip: req.ip,
        })
        const counts = {
          insert: plan.inserts.length,
          update: plan.updates.length,
          unchanged: plan.unchanged,
        }
        return {
          code: Code.ok,
          msg: t('importApplied', lang, counts),
          data: result(plan, sheet.ignoredColumns, true),
        }
      },
    )
  }
}

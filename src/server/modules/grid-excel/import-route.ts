import type { FastifyInstance, FastifyReply } from 'fastify'
import { loadExcelJs } from './load-exceljs.ts'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { gridImportResponse, type GridImportResult, type ImportRejectedRow } from '#shared/contract/grid-excel'
import { AppError } from '../../errors.ts'
import { requestLang, t, type Lang } from '../../i18n.ts'
import type { NoticeEvent } from '../notices/notice-view.ts'
import { createNotice, type NotifyInput } from '../notices/notify.ts'
import { gridButtonsAllowed } from '../orders/grid-access.ts'
import { fieldText } from '../post-common/validate.ts'
import { writeLog } from '../system/log-repository.ts'
import { readUpload } from '../uploads/read-upload.ts'
import { summaryNotice, type Importer } from './importers.ts'
import { labelOf } from './labels.ts'
import { readSheet, type SheetRow } from './read-sheet.ts'
import { checkSpreadsheetHead, spreadsheetSniffBytes, verifiedXlsx } from './xlsx-bytes.ts'

const sniff = { bytes: spreadsheetSniffBytes, check: checkSpreadsheetHead }

/** Rows refused by the schema, one entry per refused cell (cells refused while reading are already listed). */
function schemaProblems(importer: Importer, rows: SheetRow[], lang: Lang) {
  const rejected: ImportRejectedRow[] = []
  const records: Record<string, unknown>[] = []
  for (const r of rows) {
    const parsed = importer.schema.safeParse(r.record)
    if (parsed.success) {
      records.push(parsed.data as Record<string, unknown>)
      continue
    }
    const fields = new Set<string>()
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '')
      if (fields.has(field) || r.refused.has(field)) continue
      fields.add(field)
      const column = labelOf(importer.name, field)[lang]
      rejected.push({ row: r.row, field, column, reason: fieldText(column, issue.message, lang) })
    }
  }
  return { rejected, records }
}

/** The save's field errors (`postData.insertRecords.{i}.{Field}`) as refused rows of the file. */
function savedProblems(importer: Importer, errors: Record<string, string>, rows: SheetRow[], lang: Lang) {
  const out: ImportRejectedRow[] = []
  for (const [path, reason] of Object.entries(errors)) {
    const m = /^postData\.insertRecords\.(\d+)\.(\w+)/.exec(path)
    const row = m ? rows[Number(m[1])]?.row : undefined
    if (!m || row === undefined) continue
    out.push({ row, field: m[2]!, column: labelOf(importer.name, m[2]!)[lang], reason })
  }
  return out
}

function refused(reply: FastifyReply, rejected: ImportRejectedRow[], ignoredColumns: string[], lang: Lang) {
  const rows = [...rejected].sort((a, b) => a.row - b.row)
  const count = new Set(rows.map((r) => r.row)).size
  const data: GridImportResult = { insertRows: 0, rejectedRows: rows, ignoredColumns }
  return reply
    .status(400)
    .type('application/json; charset=utf-8')
    .serializer((p) => JSON.stringify(p))
    .send({ code: Code.badRequest, msg: t('importRejected', lang, { count }), data })
}

/**
 * `POST {API_PREFIX}/{Kind}/Upload` (multipart/form-data, one .xlsx, at most UPLOAD_MAX_BYTES):
 * checked by its bytes (zip; an old .xls is told to save as .xlsx; a zip bomb is refused before
 * unpacking), read without evaluating formulas, every row parsed with the inline save's schema,
 * then stored all or nothing in one transaction through the kind's own save. Refused rows come
 * back as `data.rejectedRows` (row number, column, reason) with code 400 and nothing stored.
 * One notice announces the import.
 */
export function gridImportRoute(importer: Importer, tag: string) {
  return async (app: FastifyInstance) => {
    const db = app.deps.db.db
    app.withTypeProvider<ZodTypeProvider>().post(
      `/${importer.name}/Upload`,
      {
        config: { permission: importer.permission, menu: importer.menu },
        schema: {
          tags: [tag],
          summary: `Import ${importer.label.en} rows from an .xlsx file (all or nothing)`,
          consumes: ['multipart/form-data'],
          response: { 200: gridImportResponse },
        },
      },
      async (req, reply) => {
        const lang = requestLang(req)
        const user = req.user!
        // SPEC §6: `button-import-show-false` hides Import; its call answers 403 before reading the file
        await gridButtonsAllowed(app.deps.db, user, ['import'])
        const { data: file } = await readUpload(req, app.deps.config.uploadMaxBytes, sniff)
        const verified = await verifiedXlsx(file)
        const wb = new (await loadExcelJs()).Workbook()
        try {
          await wb.xlsx.load(verified as unknown as ArrayBuffer)
        } catch {
          throw new AppError(Code.badRequest, 'importNotXlsx')
        }
        const ws = wb.worksheets[0]
        if (!ws) throw new AppError(Code.badRequest, 'importEmpty')
        const sheet = readSheet(ws, importer.name, importer.columns, importer.known, lang)
        if (sheet.rows.length === 0) throw new AppError(Code.badRequest, 'importEmpty')
        const checked = schemaProblems(importer, sheet.rows, lang)
        const early = [...sheet.rejected, ...checked.rejected]
        if (early.length > 0) return refused(reply, early, sheet.ignoredColumns, lang)

        const created: NotifyInput[] = []
        let events: NoticeEvent[] = []
        let inserted: number
        try {
          inserted = await db.transaction().execute(async (trx) => {
            const ctx = { user, lang, ip: req.ip, notify: async (input: NotifyInput) => void created.push(input) }
            const n = await importer.insert(trx, checked.records, ctx)
            const notice = summaryNotice(importer, created)
            events = notice ? [await createNotice(trx, notice)] : []
            return n
          })
        } catch (e) {
          if (e instanceof AppError && e.fieldErrors) {
            const rows = savedProblems(importer, e.fieldErrors, sheet.rows, lang)
            if (rows.length > 0) return refused(reply, rows, sheet.ignoredColumns, lang)
          }
          throw e
        }
        for (const event of events)
          await app.realtime.publish(event).catch((err: unknown) => req.log.warn({ err }, 'import: could not publish a notice'))
        await writeLog(db, {
          account: user.loginName,
          operation: `Import ${importer.name}`,
          logType: 'database',
          result: `success: inserted ${inserted}`,
          ip: req.ip,
        })
        return { code: Code.ok, msg: t('imported', lang, { count: inserted }), data: { insertRows: inserted, rejectedRows: [], ignoredColumns: sheet.ignoredColumns } }
      },
    )
  }
}

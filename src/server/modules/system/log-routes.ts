import { loadExcelJs } from '../grid-excel/load-exceljs.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Code } from '#shared/contract/codes'
import { fileAnswer } from '#shared/contract/envelope'
import { xlsxContentType } from '#shared/contract/grid-excel'
import {
  logExportBody,
  logExportMaxRows,
  logListBody,
  logListResponse,
  type LogRow,
} from '#shared/contract/system-log'
import { requestLang, type Lang } from '../../i18n.ts'
import { adminPermission } from '../../permissions.ts'
import { escapeText } from '../grid-excel/cell-value.ts'
import { listLogs } from './log-query.ts'
import { logResultIn } from './log-result.ts'

const headers: Record<keyof LogRow, { zh: string; en: string }> = {
  Id: { zh: '编号', en: 'Id' },
  Account: { zh: '账号', en: 'Account' },
  Operation: { zh: '操作类型', en: 'Operation' },
  LogType: { zh: '日志类型', en: 'Log type' },
  Result: { zh: '执行结果', en: 'Result' },
  Ip: { zh: 'IP', en: 'IP' },
  CreateTimeString: { zh: '时间', en: 'Time' },
}

/** The entries as one sheet; every text cell escaped so none is taken for a formula. */
async function logSheet(rows: LogRow[], lang: Lang): Promise<Buffer> {
  const wb = new (await loadExcelJs()).Workbook()
  wb.creator = 'Forgeline'
  const ws = wb.addWorksheet(lang === 'en' ? 'Log' : '操作日志', {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  const keys = Object.keys(headers) as (keyof LogRow)[]
  ws.columns = keys.map((k) => ({
    header: headers[k][lang],
    key: k,
    width: k === 'Operation' || k === 'Result' ? 36 : k === 'CreateTimeString' ? 20 : 14,
    ...(k === 'CreateTimeString' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }))
  ws.getRow(1).font = { bold: true }
  for (const r of rows) {
    ws.addRow(
      keys.map((k) =>
        k === 'Id'
          ? r.Id
          : k === 'CreateTimeString'
            ? new Date(r.CreateTimeString)
            : k === 'Result'
              ? escapeText(logResultIn(r.Result, lang))
              : escapeText(String(r[k])),
      ),
    )
  }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** `POST {API_PREFIX}/Log/GetList` and `Log/Export` (admin): the operation and security log. */
export async function logRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { permission: adminPermission, menu: ['/system/log'] }
  r.post(
    '/Log/GetList',
    {
      config,
      schema: {
        tags: ['system'],
        summary: 'A page of the operation and security log',
        body: logListBody,
        response: { 200: logListResponse },
      },
    },
    async (req) => {
      const { pageIndex, pageSize, ...filter } = req.body
      return {
        code: Code.ok,
        msg: 'ok',
        data: await listLogs(app.deps.db.db, filter, {
          pageIndex,
          pageSize: Math.min(pageSize, 1000),
        }),
      }
    },
  )
  r.post(
    '/Log/Export',
    {
      config,
      schema: {
        tags: ['system'],
        summary: 'The entries of a filter as an .xlsx file',
        body: logExportBody,
        produces: [xlsxContentType],
        response: { 200: fileAnswer(xlsxContentType, 'The entries as an .xlsx file') },
      },
    },
    async (req, reply) => {
      const page = await listLogs(app.deps.db.db, req.body, {
        pageIndex: 1,
        pageSize: logExportMaxRows,
      })
      const file = await logSheet(page.result, requestLang(req))
      return reply
        .header('content-type', xlsxContentType)
        .header(
          'content-disposition',
          `attachment; filename="log-${new Date().toISOString().slice(0, 10)}.xlsx"`,
        )
        .header('x-total-count', String(page.total))
        .header('cache-control', 'no-store')
        .send(file)
    },
  )
}

import { PassThrough, type Writable } from 'node:stream'
import type ExcelJS from 'exceljs'
import { loadExcelJs } from './load-exceljs.ts'
import type { Lang } from '../../i18n.ts'
import type { GridKind } from '../orders/grid-kind.ts'
import { escapeText } from './cell-value.ts'
import type { ExcelColumn } from './columns.ts'
import { choicesOf, labelOf } from './labels.ts'
import { areaText } from '../orders/grid-area.ts'

const auditText = (status: number, lang: Lang) =>
  status > 0 ? (lang === 'en' ? 'Passed' : '已通过') : status < 0 ? (lang === 'en' ? 'Not passed' : '未通过') : lang === 'en' ? 'Pending audit' : '待审核'

function cellOf(kind: string, c: ExcelColumn, v: unknown, lang: Lang): ExcelJS.CellValue {
  switch (c.type) {
    case 'int':
    case 'number':
      return typeof v === 'number' ? v : null
    case 'bool':
      return v ? (lang === 'en' ? 'Yes' : '是') : lang === 'en' ? 'No' : '否'
    case 'choice': {
      const label = choicesOf(kind, c.field)?.[Number(v)]
      return label ? label[lang] : typeof v === 'number' && v !== 0 ? v : null
    }
    case 'audit':
      return auditText(Number(v ?? 0), lang)
    case 'files': {
      // one line per file: its name and address (relative to the site)
      const files = Array.isArray(v) ? (v as { name: string; url: string }[]) : []
      return files.length === 0 ? null : escapeText(files.map((f) => `${f.name} ${f.url}`).join('\n'))
    }
    case 'area':
      return areaText(v) || null
    case 'date':
    case 'time': {
      const s = String(v ?? '')
      const d = s === '' ? undefined : new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00.000Z` : s)
      return d && !Number.isNaN(d.getTime()) ? d : s === '' ? null : escapeText(s)
    }
    default:
      return v === undefined || v === null || v === '' ? null : escapeText(String(v))
  }
}

/** Rows handed to the writer before it waits for the event loop (and for the client to read). */
export type RowBatches = AsyncIterable<Record<string, unknown>[]> | Iterable<Record<string, unknown>[]>

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Resolves once `out` takes writes again (or is gone). */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done)
      out.off('close', done)
      resolve()
    }
    out.on('drain', done)
    out.on('close', done)
  })
}

/**
 * Streams an .xlsx of grid rows into `out`: one header row of labels in the request's language
 * (frozen, bold), one row per record. Text that a spreadsheet could take for a formula is
 * escaped. Each batch is written and committed (only the compressed file is kept, and only
 * until `out` takes it), then the writer waits for the next turn of the event loop and for `out`
 * to drain, so other requests are served while a large file is written. Stops early, without
 * error, when `out` is closed (the client went away). Answers the number of rows written.
 */
export async function streamSheet(kind: GridKind, columns: ExcelColumn[], batches: RowBatches, lang: Lang, out: Writable): Promise<number> {
  const ExcelJS = await loadExcelJs()
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  wb.creator = 'Forgeline'
  const ws = wb.addWorksheet(kind.label[lang].slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = columns.map((c) => ({
    header: labelOf(kind.name, c.field)[lang],
    key: c.field,
    width: c.type === 'text' ? 20 : c.type === 'time' ? 18 : 12,
    ...(c.type === 'date' ? { style: { numFmt: 'yyyy-mm-dd' } } : c.type === 'time' ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
  }))
  const header = ws.getRow(1)
  header.font = { bold: true }
  header.commit()
  let written = 0
  for await (const rows of batches) {
    if (out.destroyed) return written
    for (const r of rows) ws.addRow(columns.map((c) => cellOf(kind.name, c, r[c.field], lang))).commit()
    written += rows.length
    await nextTurn()
    await drained(out)
  }
  if (out.destroyed) return written
  ws.commit()
  await wb.commit()
  return written
}

/** The same file as a buffer, for a few rows held in memory (fixtures). */
export async function writeSheet(kind: GridKind, columns: ExcelColumn[], rows: Record<string, unknown>[], lang: Lang): Promise<Buffer> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (c: Buffer) => chunks.push(c))
  const ended = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject))
  await streamSheet(kind, columns, [rows], lang, out)
  await ended
  return Buffer.concat(chunks)
}

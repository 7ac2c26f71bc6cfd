import { PassThrough, type Writable } from 'node:stream'
import type ExcelJS from 'exceljs'
import { loadExcelJs } from './load-exceljs.ts'
import type { Lang } from '../../i18n.ts'
import type { GridKind } from '../orders/grid-kind.ts'
import { isFormulaLike, textFormat } from './cell-value.ts'
import type { ExcelColumn } from './columns.ts'
import { choicesOf, labelOf } from './labels.ts'
import { areaText } from '../orders/grid-area.ts'
import { nextTurn } from './loop-turns.ts'

const auditText = (status: number, lang: Lang) =>
  status > 0
    ? lang === 'en'
      ? 'Passed'
      : '已通过'
    : status < 0
      ? lang === 'en'
        ? 'Not passed'
        : '未通过'
      : lang === 'en'
        ? 'Pending audit'
        : '待审核'

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
      return files.length === 0 ? null : files.map((f) => `${f.name} ${f.url}`).join('\n')
    }
    case 'area':
      return areaText(v) || null
    case 'date':
    case 'time': {
      const s = String(v ?? '')
      const d =
        s === '' ? undefined : new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00.000Z` : s)
      return d && !Number.isNaN(d.getTime()) ? d : s === '' ? null : s
    }
    default:
      return v === undefined || v === null || v === '' ? null : String(v)
  }
}

/** The rows of a file, a batch at a time. */
export type RowBatches =
  AsyncIterable<Record<string, unknown>[]> | Iterable<Record<string, unknown>[]>

/**
 * Rows, or milliseconds of writing, between two turns of the event loop: 200 rows take about
 * 10 ms, more while the code is cold or the machine busy.
 */
const rowsPerTurn = 200
const msPerTurn = 10

/** Bytes a stream may hold before the writer waits for it (the zip's input, the response). */
const maxBuffered = 1 << 20

/** Resolves at once while `stream` holds little, else once it has drained or `out` (the response) is gone. */
function drained(stream: Writable, out: Writable): Promise<void> {
  if (
    stream.writableLength < maxBuffered ||
    !stream.writableNeedDrain ||
    stream.destroyed ||
    out.destroyed
  )
    return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done)
      stream.off('close', done)
      out.off('close', done)
      resolve()
    }
    stream.on('drain', done)
    stream.on('close', done)
    out.on('close', done)
  })
}

/**
 * Streams an .xlsx of grid rows into `out`: one header row of labels in the request's language
 * (frozen, bold), one row per record. Text that a spreadsheet could take for a formula is
 * a text cell (format `@`), its value unchanged. Rows are committed as they are written (only the compressed file is kept, and only
 * until `out` takes it); every `rowsPerTurn` rows (or `msPerTurn`) the writer waits for the next turn of the event
 * loop and for the zip and `out` to take what they were given, so other requests are served
 * while a large file is written and memory holds a few batches at most. Stops early, without
 * error, when `out` is closed (the client went away). Answers the number of rows written.
 */
export async function streamSheet(
  kind: GridKind,
  columns: ExcelColumn[],
  batches: RowBatches,
  lang: Lang,
  out: Writable,
): Promise<number> {
  const ExcelJS = await loadExcelJs()
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })
  wb.creator = 'Forgeline'
  const ws = wb.addWorksheet(kind.label[lang].slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  ws.columns = columns.map((c) => ({
    header: labelOf(kind.name, c.field)[lang],
    key: c.field,
    width: c.type === 'text' ? 20 : c.type === 'time' ? 18 : 12,
    ...(c.type === 'date'
      ? { style: { numFmt: 'yyyy-mm-dd' } }
      : c.type === 'time'
        ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } }
        : {}),
  }))
  const header = ws.getRow(1)
  header.font = { bold: true }
  header.commit()
  // the sheet's XML goes through a buffer the zip reads from (archiver wraps the writer's stream
  // in a PassThrough); its writes ignore back-pressure, so wait for that buffer too, else rows
  // written faster than they are compressed pile up in memory
  const sheetSink = (ws as unknown as { stream: { pipes?: Writable[] } }).stream.pipes?.[0]
  let written = 0
  let turn = performance.now()
  for await (const rows of batches) {
    for (const r of rows) {
      if (out.destroyed) return written
      const values = columns.map((c) => cellOf(kind.name, c, r[c.field], lang))
      const row = ws.addRow(values)
      // formula-like text is kept a text cell, shown as it is (no `'` before it)
      values.forEach((v, i) => void (isFormulaLike(v) && (row.getCell(i + 1).numFmt = textFormat)))
      row.commit()
      if (++written % rowsPerTurn === 0 || performance.now() - turn >= msPerTurn) {
        await nextTurn()
        if (sheetSink) await drained(sheetSink, out)
        await drained(out, out)
        turn = performance.now()
      }
    }
  }
  if (out.destroyed) return written
  ws.commit()
  await wb.commit()
  return written
}

/** The same file as a buffer, for a few rows held in memory (fixtures). */
export async function writeSheet(
  kind: GridKind,
  columns: ExcelColumn[],
  rows: Record<string, unknown>[],
  lang: Lang,
): Promise<Buffer> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (c: Buffer) => chunks.push(c))
  const ended = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject))
  await streamSheet(kind, columns, [rows], lang, out)
  await ended
  return Buffer.concat(chunks)
}

import type { CellValue } from 'exceljs'
import type { ExcelColumnType } from './columns.ts'
import { choicesOf } from './labels.ts'
import { areaInput } from '../orders/grid-area.ts'

/** Text that a spreadsheet program would take for a formula or a command when edited. */
const formulaLike = /^[=+\-@\t\r]/

/** True for a text a spreadsheet would take for a formula (OWASP CSV/formula injection). */
export const isFormulaLike = (v: unknown): v is string =>
  typeof v === 'string' && formulaLike.test(v)

/**
 * Export: the text format (`@`) for a cell whose text starts with = + - @ tab or CR: the user sees
 * the value as it is and the spreadsheet keeps it as text, also when the cell is edited (* a leading `'` showed in the value).
 */
export const textFormat = '@'

/** Export (the system log): text starting with = + - @ tab or CR gets a leading `'`. */
export const escapeText = (s: string) => (formulaLike.test(s) ? `'${s}` : s)
/** Import: the `'` an older export added is taken off again, so its files still round-trip. */
export const unescapeText = (s: string) =>
  s.startsWith("'") && formulaLike.test(s.slice(1)) ? s.slice(1) : s

export type Plain = string | number | boolean | Date
/** A cell's own value: `value`, nothing (empty), or why it cannot be used. */
export type Read = { value?: Plain; problem?: 'importFormula' | 'importCellError' }

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !(v instanceof Date)

/**
 * The stored value of a cell. Formulas are never evaluated: the result the spreadsheet saved is
 * used, and a formula without one is refused. Error values (#N/A, #DIV/0!) are refused.
 */
export function plainValue(v: CellValue | undefined): Read {
  if (v === null || v === undefined) return {}
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date)
    return { value: v }
  if (!isObject(v)) return {}
  if ('error' in v) return { problem: 'importCellError' }
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as { result?: unknown }).result
    if (result === undefined || result === null) return { problem: 'importFormula' }
    if (isObject(result))
      return 'error' in result ? { problem: 'importCellError' } : { problem: 'importFormula' }
    return plainValue(result as CellValue)
  }
  if (Array.isArray(v.richText))
    return { value: (v.richText as { text?: unknown }[]).map((r) => String(r.text ?? '')).join('') }
  if ('text' in v) return plainValue(v.text as CellValue)
  return {}
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10)
const midnight = (d: Date) =>
  d.getUTCHours() + d.getUTCMinutes() + d.getUTCSeconds() + d.getUTCMilliseconds() === 0
/** Excel's serial day number (1900 system) as a date. */
const fromSerial = (n: number) => new Date(Math.round((n - 25569) * 86_400_000))
const dateText = (d: Date) =>
  Number.isNaN(d.getTime()) ? 'invalid' : midnight(d) ? isoDay(d) : d.toISOString()

const yes = new Set(['true', '1', 'yes', 'y', '是', '√'])
const no = new Set(['false', '0', 'no', 'n', '否', '×'])

/**
 * A cell value as the contract's input for a column type: text stays text (numbers and dates
 * become their text), numbers stay numbers, dates become `YYYY-MM-DD` (or ISO with a time),
 * yes/no and coded choices accept their labels in both languages. Blank is `undefined`.
 */
export function fieldInput(
  kind: string,
  field: string,
  type: ExcelColumnType,
  v: Plain | undefined,
): unknown {
  if (v === undefined) return undefined
  if (typeof v === 'string') {
    const s = unescapeText(v).trim()
    if (s === '') return undefined
    if (type === 'area') return areaInput(s)
    if (type === 'bool')
      return yes.has(s.toLowerCase()) ? true : no.has(s.toLowerCase()) ? false : s
    if (type === 'choice') {
      const entry = Object.entries(choicesOf(kind, field) ?? {}).find(
        ([, l]) => l.zh === s || l.en.toLowerCase() === s.toLowerCase(),
      )
      return entry ? Number(entry[0]) : s
    }
    return s
  }
  if (v instanceof Date) return type === 'int' || type === 'number' ? 'invalid' : dateText(v)
  if (typeof v === 'number') {
    if (type === 'text') return String(v)
    if (type === 'date' || type === 'time') return dateText(fromSerial(v))
    return v
  }
  return type === 'text' ? String(v) : v
}

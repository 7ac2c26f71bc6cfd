import { z } from 'zod'
import { baseVersionField, rowVersionField } from './row-version.ts'
import { envelope, page } from './envelope.ts'
import { searchKeyword } from './search-keyword.ts'

/**
 * Grid rules of SPEC §5 shared by client and server (orders, supply chain, production).
 * Like shared/contract/fields.ts, a failing rule reports a code as the issue message; each
 * side turns it into text in the user's language (server: i18n.ts `gridFieldMessages`).
 */
export const gridErrorCodes = [
  /** "order number required" (SPEC §5) */
  'orderNoRequired',
  'orderNoTaken',
  'orderNotFound',
  'recordNotFound',
  'number',
  'integer',
  'nonNegative',
  'decimals3',
  'tooLarge',
  'date',
  'qualifiedOverQuantity',
  /** a purchase's unit is not one of kg, pcs, t, m */
  'unit',
  /** a file cell names a file the upload store did not make (grid-files.ts) */
  'fileUrl',
  /** more files than a file cell takes */
  'filesLimit',
  /** an area (province, city, district) that is not in the division data */
  'area',
] as const
export type GridErrorCode = (typeof gridErrorCodes)[number]

export const isGridErrorCode = (v: string): v is GridErrorCode =>
  (gridErrorCodes as readonly string[]).includes(v)

/** Largest quantity or price a grid accepts. */
export const gridMax = 1_000_000_000

/** True when v has at most 3 decimals (1.2345 is refused, 0.1 + 0.2 is not). */
export const hasAtMost3Decimals = (v: number) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6

/** TotalSum = Quantity x UnitPrice, rounded to 3 decimals on integer thousandths. */
export const lineTotal = (quantity: number, unitPrice: number) =>
  Math.round(quantity * Math.round(unitPrice * 1000)) / 1000

/** Empty cells (null, '', spaces) count as "not given"; numeric strings become numbers. */
const numeric = (v: unknown) => {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined
  return typeof v === 'string' ? Number(v.trim()) : v
}
const blank = (v: unknown) => (v === null ? undefined : v)

/** Quantity: an integer >= 0 (SPEC §5); optional, empty means "not given". */
export const gridQuantity = z.preprocess(
  numeric,
  z
    .number({ message: 'number' })
    .int('integer')
    .min(0, 'nonNegative')
    .max(gridMax, 'tooLarge')
    .optional(),
)

/** Price or amount: a number >= 0 with at most 3 decimals (SPEC §5). */
export const gridPrice = z.preprocess(
  numeric,
  z
    .number({ message: 'number' })
    .min(0, 'nonNegative')
    .max(gridMax, 'tooLarge')
    .refine(hasAtMost3Decimals, 'decimals3')
    .optional(),
)

export const gridText = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, 'tooLong').optional())

/** Price sign, default ¥ (SPEC §3); an empty cell becomes ¥. */
export const gridPriceSign = z.preprocess(
  (v) => (v === null || v === '' ? '¥' : v),
  z.string().trim().max(8, 'tooLong').optional(),
)

export const gridBool = z.preprocess(
  (v) =>
    v === 'true' || v === '1' || v === 1 || v === '是'
      ? true
      : v === 'false' || v === '0' || v === 0 || v === '否' || v === ''
        ? false
        : blank(v),
  z.boolean().optional(),
)

/**
 * Parses as a date, and the day written exists: 2026-02-30 is refused, not rolled over to
 * March 2 (wherever the date stands in the text, whatever the year's width; a year's sign does
 * not change whether it is a leap year).
 */
const realDate = (s: string): boolean => {
  if (Number.isNaN(Date.parse(s))) return false
  const written = /(\d{4,6})[-/](\d{1,2})[-/](\d{1,2})(?!\d)/.exec(s)
  if (!written) return true
  const month = Number(written[2]) - 1
  const date = new Date(0)
  date.setUTCFullYear(Number(written[1]), month, Number(written[3]))
  // a day past the month's end (or day 0) moves the date into another month
  return date.getUTCMonth() === month
}

/** A date or date-time; stored as ISO-8601 (a bare YYYY-MM-DD is midnight UTC). Empty clears it. */
export const gridDate = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .refine((s) => s === '' || realDate(s), 'date')
    .transform((s) => (s === '' ? '' : new Date(s).toISOString()))
    .optional(),
)

/** Day of a report, stored as YYYY-MM-DD (a date-time's UTC day). */
export const gridDay = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .refine(realDate, 'date')
    .transform((s) => new Date(s).toISOString().slice(0, 10)),
)

/** Order number: required, at most 50 characters ("order number required"). */
export const orderNoField = z.preprocess(
  (v) => v ?? '',
  z.string({ message: 'orderNoRequired' }).trim().min(1, 'orderNoRequired').max(50, 'tooLong'),
)

export const recordId = z.preprocess(
  numeric,
  z.number({ message: 'recordNotFound' }).int().positive('recordNotFound'),
)

/** Fields every grid row carries besides its own. */
export const auditedRowFields = {
  Id: z.number().int(),
  /** > 0 passed (已通过), 0 pending (待审核), < 0 not passed (未通过) */
  AuditStatus: z.number().int(),
  AuditComment: z.string(),
  AuditTimeString: z.string(),
  Remark: z.string(),
  CreateTimeString: z.string(),
  ...rowVersionField,
}

/** Fields of a row tied to an order: its Id and number. */
export const orderLinkFields = { OrderId: z.number().int(), OrderNo: z.string() }

/** `removeRecords` of every grid save: `{Id}`. */
export const removeRecord = z.object({ Id: recordId, ...baseVersionField })

/**
 * PostCommon `Audit{Kind}` (users with the audit permission): updateRecords
 * `{Id, AuditStatus: 1 pass | -1 reject, AuditComment}`; a rejection needs a comment.
 */
export const auditRecord = z
  .object({
    Id: recordId,
    AuditStatus: z.preprocess(numeric, z.union([z.literal(1), z.literal(-1)])),
    AuditComment: z.preprocess(blank, z.string().trim().max(500, 'tooLong').default('')),
    ...baseVersionField,
  })
  .superRefine((r, ctx) => {
    if (r.AuditStatus < 0 && r.AuditComment === '')
      ctx.addIssue({ code: 'custom', path: ['AuditComment'], message: 'required' })
  })

/**
 * A row's place in a grid's order: its sort column's stored value and its Id. A list answer
 * gives its first and last rows' (`pageKeys`); the next page asks `after` the last, the previous
 * page `before` the first, and is then read by key instead of skipping rows.
 */
export const gridCursor = z.object({
  key: z.union([z.string().max(500), z.number(), z.null()]),
  id: z.number().int().positive(),
})
export type GridCursor = z.infer<typeof gridCursor>

/**
 * `POST {API_PREFIX}/{Kind}/GetList` of every grid. `orderId` is the order's Id (notice links
 * give it as `id`), `orderNo` an exact order number, `keyword` a substring of the text columns,
 * `auditStatus` 1 passed / 0 pending / -1 not passed; `sort` is `Field` or `Field desc`
 * (default newest first); ties are broken by Id so paging is stable. `after` / `before` (a
 * `pageKeys` entry of the neighbouring page, same filters and sort) read page `pageIndex` by key:
 * the same rows as by `pageIndex` alone, without counting past the skipped ones.
 */
export const gridListBody = z.object({
  pageIndex: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
  keyword: searchKeyword().optional(),
  orderId: z.coerce.number().int().positive().optional(),
  orderNo: z.string().trim().max(50).optional(),
  auditStatus: z.coerce.number().int().min(-1).max(1).optional(),
  sort: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,40}( (asc|desc|ASC|DESC))?$/)
    .optional(),
  after: gridCursor.optional(),
  before: gridCursor.optional(),
})
export type GridListBody = z.input<typeof gridListBody>

/** `POST {API_PREFIX}/{Kind}/Get`: one row by id (404 when there is none). */
export const gridGetBody = z.object({ id: z.coerce.number().int().positive() })

/**
 * A grid row as the grid calls send it: the columns the caller's grid permissions hide
 * (`column-{Field}-show-false`, SPEC §6) are absent; `Id` is always there.
 */
export function shownGridRow<T extends z.ZodType>(row: T): z.ZodType<Partial<z.output<T>>> {
  return (row instanceof z.ZodObject
    ? row.partial().extend({ Id: z.number().int() })
    : row) as unknown as z.ZodType<Partial<z.output<T>>>
}

/** `totalCapped`: there are more rows than `total` (counting stopped; the next pages are real). */
export const gridListResponse = <T extends z.ZodType>(row: T) =>
  envelope(
    page(shownGridRow(row)).extend({
      totalCapped: z.boolean().optional(),
      /** the first and last rows' cursors (absent on an empty page) */
      pageKeys: z.object({ first: gridCursor, last: gridCursor }).optional(),
    }),
  )
export const gridGetResponse = <T extends z.ZodType>(row: T) => envelope(shownGridRow(row))

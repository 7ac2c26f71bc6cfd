import { z } from 'zod'
import { envelope } from './envelope.ts'

/**
 * Column preferences of a grid (SPEC §2 "Generic grid screen"), saved per user on the server
 * (`User/GetColumnPrefs`, `User/SaveColumnPrefs`) so they follow the user to another device;
 * the browser keeps a copy in localStorage for the first paint and for offline use.
 */
export const columnPrefsGrids = [
  'Order',
  'Shipment',
  'Purchase',
  'Outsourcing',
  'Quality',
  'Warehouse',
  'Finance',
  'ProductionReport',
  'SupplierForm',
] as const
export type ColumnPrefsGrid = (typeof columnPrefsGrids)[number]

/** At most this many column names in `order` and in `hidden`; each name at most 64 characters. */
export const maxPrefColumns = 100
export const maxColumnNameLength = 64

const columnPrefsErrorCodes = [
  'columnPrefsGrid',
  'columnPrefsColumn',
  'columnPrefsTooMany',
] as const
export type ColumnPrefsErrorCode = (typeof columnPrefsErrorCodes)[number]
export const isColumnPrefsErrorCode = (code: string): code is ColumnPrefsErrorCode =>
  (columnPrefsErrorCodes as readonly string[]).includes(code)

const grid = z.enum(columnPrefsGrids, { message: 'columnPrefsGrid' })
const columnName = z
  .string({ message: 'columnPrefsColumn' })
  .max(maxColumnNameLength, 'columnPrefsColumn')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'columnPrefsColumn')
const columnList = z
  .array(columnName, { message: 'columnPrefsColumn' })
  .max(maxPrefColumns, 'columnPrefsTooMany')
  .refine((v) => new Set(v).size === v.length, 'columnPrefsColumn')

/** `GET {API_PREFIX}/User/GetColumnPrefs?grid=Order` */
export const columnPrefsQuery = /* @__PURE__ */ z.object({ grid })

export const columnPrefs = z.object({ order: columnList, hidden: columnList })
export type ServerColumnPrefs = z.infer<typeof columnPrefs>

/** `POST {API_PREFIX}/User/SaveColumnPrefs`: the whole prefs of one grid (empty lists: no prefs). */
// pure: the client reads the answer only, so its bundle drops the request schemas
export const saveColumnPrefsBody = /* @__PURE__ */ z
  .object({ grid, order: columnList, hidden: columnList })
  .strict()
export type SaveColumnPrefsBody = z.infer<typeof saveColumnPrefsBody>

/** The stored prefs, or null when the user has none for that grid. */
export const columnPrefsResponse = envelope(columnPrefs.nullable())

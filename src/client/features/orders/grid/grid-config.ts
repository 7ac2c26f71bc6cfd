import type { MessageDescriptor } from '@lingui/core'
import type { z } from 'zod'
import type { GridFileField } from '#shared/contract/grid-files'

/**
 * How a grid column shows and edits its value: text, whole number, price (3 decimals), date,
 * yes/no, one of a few coded choices (`options`), the computed total, the audit tag, or the
 * order a record belongs to (chosen among the existing orders), or its files (pictures
 * previewed, other files as download links; `files` says how many and which kind).
 */
export type GridColumnType =
  | 'text'
  | 'int'
  | 'price'
  | 'date'
  | 'bool'
  | 'choice'
  | 'total'
  | 'audit'
  | 'order'
  | 'files'
  | 'area'

export type GridColumn = {
  key: string
  label: MessageDescriptor
  type: GridColumnType
  editable?: boolean
  /** px on wide screens */
  width?: number
  /** shown on the phone card's first line */
  primary?: boolean
  /** the coded values of a 'choice' column */
  options?: { value: number | string; label: MessageDescriptor }[]
  /** a text column whose input suggests values of the records: `GET {kind}/GetSelectList?type=` */
  suggest?: { kind: string; type: string }
  /** the limit and kind of a 'files' column (`#shared/contract/grid-files`) */
  files?: GridFileField
  /** the server refuses the record when it is empty (`#shared/contract/grid-required`): marked * */
  required?: boolean
}

export type GridRow = { Id: number; [key: string]: unknown }

/** One grid screen: the kind's API name (`{kind}/GetList`, PostCommon `Save{kind}` / `Audit{kind}`) and columns. */
export type GridConfig = {
  kind: string
  title: MessageDescriptor
  columns: GridColumn[]
  row: z.ZodType
  insert: z.ZodType
  update: z.ZodType
  /** values of a new row */
  newRow: () => Record<string, unknown>
  /** false: no Import button (the kind has no `{kind}/Upload`) */
  importable?: boolean
  /** false: no Add button (records are created elsewhere, e.g. supplier forms) */
  addable?: boolean
}

export const rowKey = (row: GridRow) => String(row.Id)

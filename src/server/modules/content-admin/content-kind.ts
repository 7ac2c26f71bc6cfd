import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database } from '../../db/schema.ts'

/** How a column is stored: text, integer, a 0/1 flag shown as a boolean, or JSON text. */
export type ColumnType = 'text' | 'int' | 'bool' | 'json'

export type ContentTable = 'carousel' | 'product_category' | 'product' | 'news' | 'equipment'

/**
 * One kind of content staff edit through PostCommon `Save{name}`: its table, the contract
 * field of each column, and its rules. Every name here is static; nothing a client sends
 * ever becomes a table or column name.
 */
export type ContentKind = {
  name: string
  table: ContentTable
  /** the staff screen (menu path) where it is edited */
  menu: readonly string[]
  /** contract field -> [column, type] */
  fields: Record<string, readonly [column: string, type: ColumnType]>
  insert: z.ZodType
  update: z.ZodType
  /** columns set to now on insert / on every save */
  createdColumn?: string
  updatedColumn?: string
  /** column values an insert gets when its record leaves them out */
  insertDefaults?(now: string): Record<string, unknown>
  /** rules on the merged column values of a saved record: contract field -> code */
  check?(db: Kysely<Database>, values: Record<string, unknown>): Promise<Record<string, string>>
  /** a code when the record may not be removed (e.g. a category that has products) */
  refuseRemove?(db: Kysely<Database>, id: number): Promise<string | undefined>
}

/** Column value for a parsed contract value. */
export function toColumn(type: ColumnType, v: unknown): unknown {
  if (type === 'bool') return v ? 1 : 0
  if (type === 'json') return JSON.stringify(v)
  return v
}

/** Column values of the contract fields a record gives (absent fields are left out). */
export function columnsOf(
  kind: ContentKind,
  rec: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [field, [column, type]] of Object.entries(kind.fields)) {
    if (rec[field] !== undefined) out[column] = toColumn(type, rec[field])
  }
  return out
}

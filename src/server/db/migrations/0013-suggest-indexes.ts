import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/** The columns grid auto-complete inputs suggest from, as they were at this migration. */
const columns = [
  ['orders', 'customer'],
  ['orders', 'part_name'],
  ['purchase', 'supplier'],
  ['outsourcing', 'supplier'],
  ['production_report', 'workshop'],
  ['production_report', 'process'],
  ['production_report', 'operator'],
] as const

/**
 * Indexes for the case-insensitive prefix search of auto-complete inputs: on SQLite a NOCASE
 * index (its LIKE ignores ASCII case and uses such an index for a prefix), on PostgreSQL an index
 * of `lower(column)` with `text_pattern_ops` (LIKE 'abc%' under any collation).
 */
export function suggestIndexes(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      for (const [table, column] of columns) {
        const name = sql.id(`${table}_${column}_suggest`)
        const on = sql.id(table)
        const col = sql.id(column)
        if (dialect === 'postgres')
          await sql`create index ${name} on ${on} (lower(${col}) text_pattern_ops)`.execute(db)
        else await sql`create index ${name} on ${on} (${col} collate nocase)`.execute(db)
      }
    },
  }
}

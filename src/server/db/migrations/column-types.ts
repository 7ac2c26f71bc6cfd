import type { CreateTableBuilder } from 'kysely'
import { sql } from 'kysely'

export type Dialect = 'sqlite' | 'postgres'

/** Adds an auto-incrementing integer primary key `id`, the way each dialect spells it. */
/** A table under construction, with any columns. */
export type Table = CreateTableBuilder<string, string>

export function withId(table: CreateTableBuilder<string, never>, dialect: Dialect): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

/** Floating-point money and quantities: REAL affinity in SQLite, float8 in PostgreSQL. */
export const double = sql`double precision`

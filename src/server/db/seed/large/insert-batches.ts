import type { Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bulk rows of several tables, built from the schema's columns
export type AnyDb = Kysely<any>
export type Row = Record<string, string | number | null>

/** Rows per INSERT: under SQLite's and PostgreSQL's bound-parameter limits, at most 500. */
export const rowsPerInsert = (columns: number) =>
  Math.max(1, Math.min(500, Math.floor(30_000 / columns)))

/** Multi-row INSERTs of `rows` into `table`; returns the new ids when `ids` is set. */
export async function insertRows(
  db: AnyDb,
  table: string,
  rows: Row[],
  ids = false,
): Promise<number[]> {
  if (rows.length === 0) return []
  const size = rowsPerInsert(Object.keys(rows[0]!).length)
  const out: number[] = []
  for (let i = 0; i < rows.length; i += size) {
    const q = db.insertInto(table).values(rows.slice(i, i + size))
    if (ids)
      out.push(...(await q.returning('id').execute()).map((r: { id: number }) => Number(r.id)))
    else await q.execute()
  }
  return out
}

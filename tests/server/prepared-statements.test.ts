import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type Db } from '#server/db/open'
import { statementName } from '#server/db/prepared-pool'
import { createPgDatabase, postgresForTests } from './helpers/test-app.ts'

/** Repeated SELECTs are prepared once per PostgreSQL connection (pg named queries). */
let db: Db
let drop: () => Promise<void>
beforeAll(async () => {
  const made = await createPgDatabase(postgresForTests())
  drop = made.drop
  // one connection: every query below runs on it
  db = await openPostgres(made.url, { poolSize: 1 })
})
afterAll(async () => {
  await db.close()
  await drop()
})

const prepared = async () =>
  (
    await sql<{
      statement: string
    }>`select statement from pg_prepared_statements where name like 'f\\_%'`.execute(db.db)
  ).rows.map((r) => r.statement)

describe('prepared statements (PostgreSQL)', () => {
  it('prepares a SELECT from its second use, once per connection, under a name from its text', async () => {
    const list = (n: number) => sql<{ x: number }>`select ${n}::int + 1 as x`.execute(db.db)
    expect((await list(1)).rows).toEqual([{ x: 2 }])
    expect(await prepared()).not.toContain('select $1::int + 1 as x')
    for (const n of [2, 3, 4]) expect((await list(n)).rows).toEqual([{ x: n + 1 }])
    expect((await prepared()).filter((s) => s === 'select $1::int + 1 as x')).toHaveLength(1)
  })

  it('never prepares writes or `select *` (a column added elsewhere would break its plan)', () => {
    for (let i = 0; i < 3; i++) {
      expect(statementName('select * from "users" where "id" = $1')).toBeUndefined()
      expect(statementName('select "users".* from "users"')).toBeUndefined()
      expect(statementName('update "users" set "ban" = $1')).toBeUndefined()
    }
    const count = 'select count(*) as "n" from "orders" where "x" = $1'
    expect(statementName(count)).toBeUndefined()
    expect(statementName(count)).toBe(statementName(count))
    expect(statementName(count)).toMatch(/^f_[\w-]{27}$/)
  })
})

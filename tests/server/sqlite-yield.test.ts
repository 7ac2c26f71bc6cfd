import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSqlite, type Db } from '#server/db/open'

let dir = ''
let db: Db

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-sqlite-yield-'))
  db = await openSqlite(dir)
  await sql`create table t (id integer primary key, v text not null)`.execute(db.db)
})
afterAll(async () => {
  await db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Inserts rows in one transaction for at least `ms` of work; answers the rows inserted. */
const longTransaction = (ms: number) =>
  db.db.transaction().execute(async (trx) => {
    let n = 0
    for (const until = performance.now() + ms; performance.now() < until; n++)
      await sql`insert into t (v) values (${`row ${n}`})`.execute(trx)
    return n
  })

describe('a long transaction on the embedded database (an import of 10,000 rows)', () => {
  it('lets the event loop turn while it runs, and other queries wait for its end', async () => {
    let turns = 0
    let seenByOther: number | undefined
    const ticker = setInterval(() => turns++, 0)
    const other = new Promise<void>((resolve) =>
      setImmediate(async () => {
        // a request arriving during the transaction: its query waits for the commit
        const row = await sql<{ n: number }>`select count(*) as n from t`.execute(db.db)
        seenByOther = Number(row.rows[0]!.n)
        resolve()
      }),
    )
    const inserted = await longTransaction(300)
    const turnsDuring = turns
    clearInterval(ticker)
    await other
    // without yielding, no timer runs before the transaction ends (Kysely's awaits are microtasks)
    expect(turnsDuring).toBeGreaterThan(3)
    // the other query saw the committed rows, never part of them
    expect(seenByOther).toBe(inserted)
  })

  it('keeps a failed transaction whole: nothing of it is stored', async () => {
    const before = Number(
      (await sql<{ n: number }>`select count(*) as n from t`.execute(db.db)).rows[0]!.n,
    )
    await expect(
      db.db.transaction().execute(async (trx) => {
        for (const until = performance.now() + 100; performance.now() < until;)
          await sql`insert into t (v) values ('x')`.execute(trx)
        await sql`insert into t (v) values (null)`.execute(trx)
      }),
    ).rejects.toThrow(/NOT NULL/)
    const after = Number(
      (await sql<{ n: number }>`select count(*) as n from t`.execute(db.db)).rows[0]!.n,
    )
    expect(after).toBe(before)
  })
})

const pragma = async (name: string) =>
  Object.values((await sql.raw(`pragma ${name}`).execute(db.db)).rows[0] as object)[0]

describe('writes to the embedded database stay off the event loop', () => {
  it('a long transaction writes its pages as it goes (small cache), then the cache is as before', async () => {
    const normal = await pragma('cache_size')
    let during: unknown
    await db.db.transaction().execute(async (trx) => {
      for (const until = performance.now() + 80; performance.now() < until;)
        await sql`insert into t (v) values ('spill')`.execute(trx)
      during = Object.values((await sql`pragma cache_size`.execute(trx)).rows[0] as object)[0]
    })
    expect(during).toBe(-1024)
    expect(await pragma('cache_size')).toBe(normal)
    // a short one (in a turn of its own) keeps the large cache
    await new Promise((resolve) => setTimeout(resolve, 5))
    await db.db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('short')`.execute(trx)
      during = Object.values((await sql`pragma cache_size`.execute(trx)).rows[0] as object)[0]
    })
    expect(during).toBe(normal)
  })

  it('keeps statement journals in memory and never checkpoints on the connection itself', async () => {
    expect(await pragma('temp_store')).toBe(2)
    expect(await pragma('wal_autocheckpoint')).toBe(0)
  })
})

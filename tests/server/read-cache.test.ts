import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '#server/db/migrate'
import { openSqlite, type Db } from '#server/db/open'
import { ReadCache } from '#server/db/read-cache'

let dir = ''
let db: Db
let loads = 0

/** The name of role `staff`, read through the cache (counting real loads). */
const staffName = () =>
  db.reads.read('test:staff-role', ['roles'], async () => {
    loads++
    return (
      await db.db
        .selectFrom('roles')
        .select('name')
        .where('code', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).name
  })
const rename = (name: string) =>
  db.db.updateTable('roles').set({ name }).where('code', '=', 'staff').execute()

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-read-cache-'))
  db = await openSqlite(dir)
  await migrateToLatest(db.db, db.dialect)
  await db.db
    .insertInto('roles')
    .values({ code: 'staff', name: 'Staff', name_en: 'Staff', abilities: '[]', builtin: 0 })
    .onConflict((c) => c.doNothing())
    .execute()
  await rename('Staff')
})
afterAll(async () => {
  await db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('read cache (embedded database)', () => {
  it('answers from memory until a write to a table the read depends on', async () => {
    const before = loads
    expect(await staffName()).toBe('Staff')
    expect(await staffName()).toBe('Staff')
    expect(loads).toBe(before + 1)

    // another table: still cached
    await db.db
      .insertInto('leaving')
      .values({
        name: 'x',
        phone: '1',
        email: '',
        company: '',
        message: 'm',
        handled: 0,
        ip: '',
        created_at: new Date().toISOString(),
      })
      .execute()
    expect(await staffName()).toBe('Staff')
    expect(loads).toBe(before + 1)

    await rename('Shop floor')
    expect(await staffName()).toBe('Shop floor')
    expect(loads).toBe(before + 2)
  })

  it('a write inside a transaction, a delete and a raw SQL write each make it stale', async () => {
    await staffName()
    await db.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('roles')
        .set({ name: 'In a transaction' })
        .where('code', '=', 'staff')
        .execute()
    })
    expect(await staffName()).toBe('In a transaction')

    await sql`update roles set name = ${'Raw'} where code = 'staff'`.execute(db.db)
    expect(await staffName()).toBe('Raw')

    await db.db
      .insertInto('roles')
      .values({ code: 'temp', name: 'Temp', name_en: 'Temp', abilities: '[]', builtin: 0 })
      .execute()
    await staffName()
    const before = loads
    await db.db.deleteFrom('roles').where('code', '=', 'temp').execute()
    await staffName()
    expect(loads).toBe(before + 1)
  })

  it('does not keep a value read inside a transaction (it may be uncommitted; others run meanwhile)', async () => {
    await rename('Committed')
    await expect(
      db.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('roles')
          .set({ name: 'Uncommitted' })
          .where('code', '=', 'staff')
          .execute()
        const seen = await db.reads.read(
          'test:in-transaction',
          ['roles'],
          async () =>
            (
              await trx
                .selectFrom('roles')
                .select('name')
                .where('code', '=', 'staff')
                .executeTakeFirstOrThrow()
            ).name,
        )
        expect(seen).toBe('Uncommitted')
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    const after = await db.reads.read(
      'test:in-transaction',
      ['roles'],
      async () =>
        (
          await db.db
            .selectFrom('roles')
            .select('name')
            .where('code', '=', 'staff')
            .executeTakeFirstOrThrow()
        ).name,
    )
    expect(after).toBe('Committed')
  })

  it('does not keep a read that overlapped a write, nor a value that was not found', async () => {
    await rename('Before')
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    // a read that started before the write and answered with what it saw then
    const slow = db.reads.read('test:overlap', ['roles'], async () => {
      const name = (
        await db.db
          .selectFrom('roles')
          .select('name')
          .where('code', '=', 'staff')
          .executeTakeFirstOrThrow()
      ).name
      await gate
      return name
    })
    await rename('After')
    release()
    expect(await slow).toBe('Before')
    const fresh = await db.reads.read('test:overlap', ['roles'], async () => 'reloaded')
    expect(fresh).toBe('reloaded')

    let missing = 0
    const none = () => db.reads.read('test:none', ['roles'], async () => (missing++, undefined))
    await none()
    await none()
    expect(missing).toBe(2)
  })

  it('keeps no more than its size and weight', async () => {
    const small = new ReadCache(true, 3, 100)
    let n = 0
    const read = (key: string, value: string) => small.read(key, ['t'], async () => (n++, value))
    await read('a', 'x'.repeat(20))
    await read('b', 'x'.repeat(20))
    await read('c', 'x'.repeat(20))
    await read('d', 'x'.repeat(20)) // a leaves (size 3)
    expect(n).toBe(4)
    await read('d', '')
    expect(n).toBe(4)
    await read('a', 'x'.repeat(20))
    expect(n).toBe(5)
    await read('big', 'x'.repeat(60)) // over a quarter of the weight: answered, not kept
    await read('big', 'x'.repeat(60))
    expect(n).toBe(7)
  })

  it('loads every time when disabled (PostgreSQL: other instances write too)', async () => {
    const off = new ReadCache(false)
    let n = 0
    await off.read('k', ['t'], async () => ++n)
    await off.read('k', ['t'], async () => ++n)
    expect(n).toBe(2)
  })
})

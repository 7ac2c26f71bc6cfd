import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * `/healthz` answers while a write transaction (an import) holds the app's database
 * connection. On SQLite that connection is the only one and every query through it waits for
 * the commit, so a health check through it would wait here for ever (the transaction awaits the
 * answer): it reads from its own read-only connection instead. PostgreSQL: another pooled one.
 */
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('/healthz beside a write transaction', () => {
  it('answers while the transaction is open, and the transaction still commits', async () => {
    await t.db.db.transaction().execute(async (trx) => {
      await trx.insertInto('app_meta').values({ key: 'healthz-test', value: 'written' }).execute()
      const res = await t.app.inject('/healthz')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ data: { status: 'ok', database: t.db.dialect } })
    })
    const row = await t.db.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'healthz-test')
      .executeTakeFirst()
    expect(row?.value).toBe('written')
  }, 20_000)
})

import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isCalendarDay } from '#shared/contract/production'
import type { GridKind } from '#server/modules/orders/grid-kind'
import { keywordCondition, searchesFts } from '#server/modules/orders/grid-search'
import { orderKinds } from '#server/modules/orders/kinds'
import { productionReportKind } from '#server/modules/production/kind'
import { supplierFormKind } from '#server/modules/supplier-forms/kind'
import { post } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Input that once reached a 500: a search keyword with control characters (a NUL ended the
 * embedded database's full-text query: "unterminated string"; PostgreSQL cannot take one) and a
 * chart date that is no day of the calendar. Each is bad input: 400 with the field's message in
 * the caller's language. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const kinds: GridKind[] = [...orderKinds, productionReportKind, supplierFormKind]
const keywords = [
  'ab\u0000c',
  '\u0000\u0000\u0000',
  'ord\u0000',
  'abc\u0007',
  'a\u001bbc',
  'ab\u009fc',
]

let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})
afterAll(() => t.close())

describe('a search keyword with control characters', () => {
  it.each(kinds.map((k) => k.name))(
    '%s: GetList and Export answer 400 naming the keyword, in the caller’s language',
    async (name) => {
      for (const keyword of keywords) {
        for (const call of ['GetList', 'Export']) {
          const en = await post(t, admin, `${name}/${call}`, { keyword }, 'en')
          expect(en.status, `${name}/${call} ${JSON.stringify(keyword)}`).toBe(400)
          expect(en.errors).toEqual({
            keyword: 'The search keyword cannot contain control characters',
          })
        }
        const zh = await post(t, admin, `${name}/GetList`, { keyword }, 'zh')
        expect(zh.errors).toEqual({ keyword: '搜索关键词不能包含控制字符' })
      }
      // an ordinary keyword of the same length is searched as before
      expect((await post(t, admin, `${name}/GetList`, { keyword: 'abc' })).status).toBe(200)
      expect((await post(t, admin, `${name}/GetList`, { keyword: ' ab ' })).status).toBe(200)
    },
  )

  it('is searched without an error by the search itself, on every grid (full-text index left out)', async () => {
    const fts = searchesFts(t.db.db)
    for (const kind of kinds) {
      const columns = [...kind.search]
      for (const keyword of keywords) {
        const where = keywordCondition(
          kind,
          keyword,
          columns,
          kind.order === 'required' || kind.order === 'optional',
          fts,
        )
        const run =
          sql`select count(*) as n from ${sql.table(kind.table)} t where ${where}`.execute(t.db.db)
        if (t.db.dialect === 'sqlite') await expect(run).resolves.toBeTruthy()
        // PostgreSQL cannot take a NUL in any text: the driver's 22021, which the API answers 400
        else if (keyword.includes('\u0000'))
          await expect(run).rejects.toMatchObject({ code: '22021' })
        else await expect(run).resolves.toBeTruthy()
      }
    }
  })
})

describe('ProductionReport/GetChartList dates', () => {
  it('refuses a day that is not in the calendar with 400 and the date field’s message', async () => {
    for (const body of [
      { endDate: '0000-00-00' },
      { endDate: '2026-13-01' },
      { endDate: '2026-02-29' },
      { startDate: '2026-04-31' },
      { startDate: '2026-00-10', endDate: '2026-01-10' },
      { endDate: '2026-1-01' },
      { endDate: '2026-01-01T00:00:00Z' },
    ]) {
      const en = await post(t, admin, 'ProductionReport/GetChartList', body, 'en')
      expect(en.status, JSON.stringify(body)).toBe(400)
      const field = Object.keys(body).find(
        (k) => !isCalendarDay((body as Record<string, string>)[k]!),
      )!
      expect(en.errors).toEqual({ [field]: 'The date is not valid' })
      const zh = await post(t, admin, 'ProductionReport/GetChartList', body, 'zh')
      expect(zh.errors).toEqual({ [field]: '日期格式不正确' })
    }
  })

  it('takes real days, leap days included', async () => {
    for (const body of [
      { endDate: '2024-02-29' },
      { startDate: '2026-01-01', endDate: '2026-12-31' },
      { endDate: '0001-01-01' },
      {},
    ]) {
      const res = await post(t, admin, 'ProductionReport/GetChartList', body, 'en')
      expect(res.status, JSON.stringify(body)).toBe(200)
    }
    expect(isCalendarDay('2100-02-29')).toBe(false)
    expect(isCalendarDay('2000-02-29')).toBe(true)
    expect(isCalendarDay('2026-04-30')).toBe(true)
  })
})

import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loose } from '#server/modules/orders/grid-kind'
import { suggestQuery } from '#server/modules/orders/suggest-repository'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { postCommon } from './helpers/system-calls.ts'

/**
 * Auto-complete inputs: `{Kind}/GetSelectList` and SPEC's
 * `ProductionReport/GetSelectList` suggest distinct values of the grid's own records,
 * case-insensitive, prefix matches before the others, bounded, wildcards taken literally.
 */
let t: TestApp
const tokens: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
  const customers = [
    'Zqacme Forging',
    'zqacme forging',
    'ZQACME Tools',
    'Old Zqacme Works',
    'Zq 100% Parts',
    'Zq 1000 Parts',
    'Zq_1 Parts',
    'Zqx1 Parts',
    'Zq\\Back',
  ]
  const orders = [...customers, 'Zqacme Forging'].map((Customer, i) => ({
    OrderNo: `SG-${i}`,
    Customer,
    PartName: `Zqpart ${i % 3}`,
    Quantity: 1,
    UnitPrice: 1,
  }))
  for (let i = 0; i < 25; i++)
    orders.push({
      OrderNo: `SG-L${i}`,
      Customer: `Zqlimit ${String(i).padStart(2, '0')}`,
      PartName: 'Zqother',
      Quantity: 1,
      UnitPrice: 1,
    })
  expect((await postCommon(t, tokens.staff!, 'SaveOrder', { insertRecords: orders })).code).toBe(
    200,
  )
})
afterAll(() => t.close())

const get = async (who: string | undefined, url: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/${url}`,
    headers: { lang: 'en', ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}) },
  })
  return {
    status: res.statusCode,
    body: res.json() as {
      code: number
      msg: string
      data: { label: string; value: string | number }[]
    },
  }
}
const values = async (url: string, who = 'staff') => {
  const r = await get(who, url)
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data.map((o) => o.value)
}
const customers = (keyword: string, extra = '') =>
  values(`Order/GetSelectList?type=Customer&keyword=${encodeURIComponent(keyword)}${extra}`)

describe('grid suggestions', () => {
  it('come from existing records, distinct, case-insensitive, starting with the keyword first', async () => {
    // the same customer twice is suggested once; other cases are other values
    expect(await customers('zqacme')).toEqual([
      'Zqacme Forging',
      'zqacme forging',
      'ZQACME Tools',
      'Old Zqacme Works',
    ])
    expect(await customers('ZQACME T')).toEqual(['ZQACME Tools'])
    expect(await customers('acme w')).toEqual(['Old Zqacme Works'])
    expect(await customers('nothing like it')).toEqual([])
    // the label is the value
    const r = await get('staff', 'Order/GetSelectList?type=customer&keyword=zqacme%20tools')
    expect(r.body.data).toEqual([{ label: 'ZQACME Tools', value: 'ZQACME Tools' }])
    // the part column of the same grid, and no empty value
    expect(await values('Order/GetSelectList?type=PartName&keyword=zqpart')).toEqual([
      'Zqpart 0',
      'Zqpart 1',
      'Zqpart 2',
    ])
    expect(await values('Order/GetSelectList?type=PartName&limit=20')).not.toContain('')
  })

  it('take % _ and \\ in the keyword literally', async () => {
    expect(await customers('zq 100%')).toEqual(['Zq 100% Parts'])
    expect(await customers('zq_1')).toEqual(['Zq_1 Parts'])
    expect(await customers('%')).toEqual(['Zq 100% Parts'])
    expect(await customers('_')).toEqual(['Zq_1 Parts'])
    expect(await customers('zq\\')).toEqual(['Zq\\Back'])
  })

  it('answer at most `limit` (default 10, at most 20), and refuse a longer keyword or an unknown column', async () => {
    expect(await customers('zqlimit')).toHaveLength(10)
    const twenty = await customers('zqlimit', '&limit=20')
    expect(twenty).toEqual(
      Array.from({ length: 20 }, (_, i) => `Zqlimit ${String(i).padStart(2, '0')}`),
    )
    expect(await customers('zqlimit', '&limit=3')).toEqual([
      'Zqlimit 00',
      'Zqlimit 01',
      'Zqlimit 02',
    ])
    for (const bad of ['&limit=21', '&limit=0', '&limit=x']) {
      const r = await get('staff', `Order/GetSelectList?type=Customer${bad}`)
      expect(r.status, bad).toBe(400)
      expect(r.body.msg).toMatch(/\S/)
    }
    expect(
      (await get('staff', `Order/GetSelectList?type=Customer&keyword=${'a'.repeat(101)}`)).status,
    ).toBe(400)
    expect(
      (await get('staff', `Order/GetSelectList?type=Customer&keyword=${'a'.repeat(100)}`)).status,
    ).toBe(200)
    for (const type of ['OrderNo', 'Remark', 'customer_x', 'constructor', '__proto__', '']) {
      const r = await get('staff', `Order/GetSelectList?type=${type}`)
      expect(r.status, type).toBe(400)
      expect(r.body).toMatchObject({ code: 400, msg: 'The request is not valid' })
    }
  })

  it('serve suppliers of purchases and of outsourcing, each from its own records', async () => {
    const order = { OrderNo: 'SG-0' }
    expect(
      (
        await postCommon(t, tokens.staff!, 'SavePurchase', {
          insertRecords: [
            { ...order, Supplier: 'Zqsteel Mill', Material: 'Bar', Quantity: 1, UnitPrice: 1 },
          ],
        })
      ).code,
    ).toBe(200)
    expect(
      (
        await postCommon(t, tokens.staff!, 'SaveOutsourcing', {
          insertRecords: [
            { ...order, Supplier: 'Zqheat Treat', Process: 'Anneal', Quantity: 1, UnitPrice: 1 },
          ],
        })
      ).code,
    ).toBe(200)
    expect(await values('Purchase/GetSelectList?type=Supplier&keyword=zq')).toEqual([
      'Zqsteel Mill',
    ])
    expect(await values('Outsourcing/GetSelectList?type=Supplier&keyword=zq')).toEqual([
      'Zqheat Treat',
    ])
    // a grid without suggested columns has no such call
    expect((await get('staff', 'Quality/GetSelectList?type=Item')).status).toBe(404)
  })

  it('ProductionReport/GetSelectList (SPEC §7) suggests workshops, processes and operators, and orders', async () => {
    const r = await postCommon(t, tokens.staff!, 'SaveProductionReport', {
      insertRecords: [
        {
          ReportDateString: '2020-01-02',
          Workshop: 'Zq Forge Shop',
          Process: 'Zq%Trim',
          Operator: 'Zq Li',
          OutputQuantity: 1,
        },
        {
          ReportDateString: '2020-01-03',
          Workshop: 'zq forge shop',
          Process: 'ZqTrim',
          Operator: 'Zq Li',
          OutputQuantity: 1,
        },
        {
          ReportDateString: '2020-01-04',
          Workshop: 'Zq Forge Shop',
          Process: 'ZqTrim',
          Operator: 'Zq Li',
          OutputQuantity: 1,
        },
      ],
    })
    expect(r.code).toBe(200)
    expect(await values('ProductionReport/GetSelectList?type=workshop&keyword=ZQ%20FORGE')).toEqual(
      ['Zq Forge Shop', 'zq forge shop'],
    )
    expect(await values('ProductionReport/GetSelectList?type=process&keyword=zq%25')).toEqual([
      'Zq%Trim',
    ])
    expect(await values('ProductionReport/GetSelectList?type=operator&keyword=zq')).toEqual([
      'Zq Li',
    ])
    expect(await values('ProductionReport/GetSelectList?type=workshop&limit=2')).toHaveLength(2)
    const orders = (
      await get('staff', 'ProductionReport/GetSelectList?type=order&keyword=sg-l1&limit=20')
    ).body.data
    expect(orders.map((o) => o.label).sort()).toEqual(
      ['SG-L1', ...Array.from({ length: 10 }, (_, i) => `SG-L1${i}`)].sort(),
    )
    expect(orders.every((o) => typeof o.value === 'number')).toBe(true)
    expect(
      (await get('staff', 'ProductionReport/GetSelectList?type=order&keyword=sg_l')).body.data,
    ).toEqual([])
    expect((await get('staff', 'ProductionReport/GetSelectList?type=password')).status).toBe(400)
    expect(
      (await get('staff', 'ProductionReport/GetSelectList?type=workshop&limit=50')).status,
    ).toBe(400)
  })

  it('are refused to anonymous callers (401) and to users without the grid (403)', async () => {
    for (const url of [
      'Order/GetSelectList?type=Customer',
      'Purchase/GetSelectList?type=Supplier',
      'ProductionReport/GetSelectList?type=workshop',
    ]) {
      const anonymous = await get(undefined, url)
      expect(anonymous.status, url).toBe(401)
      expect(anonymous.body.code).toBe(401)
      expect((await get('editor', url)).status, url).toBe(403)
      expect((await get('admin', url)).status, url).toBe(200)
    }
  })

  it('are refused for a column the role hides (SPEC §6)', async () => {
    const setStaff = (Permissions: string[]) =>
      postCommon(t, tokens.admin!, 'SaveRole', {
        updateRecords: [{ Code: 'staff', Abilities: ['READ', 'ORDERS'], Permissions }],
      })
    expect((await setStaff(['column-Customer-show-false'])).code).toBe(200)
    try {
      expect((await get('staff', 'Order/GetSelectList?type=Customer')).status).toBe(403)
      expect((await get('staff', 'Order/GetSelectList?type=PartName')).status).toBe(200)
    } finally {
      await setStaff([])
    }
    expect((await get('staff', 'Order/GetSelectList?type=Customer')).status).toBe(200)
  })

  it('look a prefix up through the column index (SQLite NOCASE, PostgreSQL lower() text_pattern_ops)', async () => {
    const plan = await t.db.db.transaction().execute(async (trx) => {
      const q = suggestQuery(
        loose(trx),
        t.db.dialect,
        { table: 'orders', column: 'customer' },
        'zqacme',
        'prefix',
        10,
      ).compile()
      expect(q.parameters).toContain('zqacme%')
      // a few test rows: PostgreSQL would scan them rather than use an index, unless told not to
      if (t.db.dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx)
      const explain = t.db.dialect === 'postgres' ? 'explain ' : 'explain query plan '
      const res = await trx.executeQuery<Record<string, string>>(
        CompiledQuery.raw(explain + q.sql, [...q.parameters]),
      )
      return res.rows.map((r) => Object.values(r).join(' ')).join('\n')
    })
    expect(plan).toContain('orders_customer_suggest')
    if (t.db.dialect === 'postgres')
      expect(plan).toMatch(/Index Cond: \(\(lower\(customer\) ~>=~ 'zqacme'::text\)/)
    else
      expect(plan).toMatch(
        /SEARCH orders USING COVERING INDEX orders_customer_suggest \(customer>\? AND customer<\?\)/,
      )
  })
})

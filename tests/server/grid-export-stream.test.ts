import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * The order grid's export on a large table: every row is in the file (the old code
 * stopped at 50,000 without a word), and the server keeps answering while the file streams.
 * Real HTTP on 127.0.0.1, on SQLite or on TEST_DATABASE_URL.
 */
let t: TestApp
let base: string
let token: string
const total = 60_000

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  token = await signIn(t.app, 'staff')
  // 60,000 orders in one statement: 'BIG-00001' is the oldest; customers repeat (97 of them)
  await sql`insert into orders (order_no, customer, part_name, quantity, unit_price, total_sum, price_sign, job_start_time, rough_forging, workshop, supervisor_material_qty, supervisor_price, audit_status, created_at)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(total)})
    select 'BIG-' || substr(cast(100000 + i as text), 2), 'Customer ' || cast(i % 97 as text), 'Part ' || cast(i as text), i % 50, 1.5, (i % 50) * 1.5, '¥', '', 0, 1, 0, 0, 0, '2025-01-01T00:00:00.000Z'
    from n`.execute(t.db.db)
}, 120_000)
afterAll(() => t.close())

const exportOrders = (filter: Record<string, unknown>) =>
  fetch(`${base}/api/Order/Export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, lang: 'en', 'content-type': 'application/json' },
    body: JSON.stringify(filter),
  })

/** The order numbers (first column) and customers of a file's data rows, read with the streaming reader. */
async function orderNumbers(file: Buffer) {
  const numbers: string[] = []
  const customers: string[] = []
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
  })
  let header: unknown[] | undefined
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as unknown[]).slice(1)
      if (!header) header = values
      else {
        numbers.push(String(values[0]))
        customers.push(String(values[1]))
      }
    }
  }
  return { header, numbers, customers }
}

const bigNo = (i: number) => `BIG-${String(i).padStart(5, '0')}`

describe('order grid export of a large table', () => {
  it('holds every one of 60,000 rows, newest first, with the header labels', async () => {
    const res = await exportOrders({})
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total-count')).toBe(String(total))
    const { header, numbers } = await orderNumbers(Buffer.from(await res.arrayBuffer()))
    expect(header?.slice(0, 3)).toEqual(['Order number', 'Customer', 'Part'])
    expect(numbers).toHaveLength(total)
    expect(new Set(numbers).size).toBe(total)
    expect(numbers[0]).toBe(bigNo(total))
    expect(numbers.at(-1)).toBe(bigNo(1))
  }, 120_000)

  it('keeps the list order across batches when many rows share the sorted value', async () => {
    // 'Customer 1', 'Customer 10'..'Customer 19' sorted descending, ties newest first
    const res = await exportOrders({ keyword: 'customer 1', sort: 'Customer desc' })
    const expected = Array.from({ length: total }, (_, k) => total - k)
      .filter((i) => /^Customer 1/.test(`Customer ${i % 97}`))
      .sort((a, b) =>
        `Customer ${b % 97}` < `Customer ${a % 97}`
          ? -1
          : `Customer ${b % 97}` > `Customer ${a % 97}`
            ? 1
            : b - a,
      )
    expect(res.headers.get('x-total-count')).toBe(String(expected.length))
    const { numbers } = await orderNumbers(Buffer.from(await res.arrayBuffer()))
    expect(numbers).toEqual(expected.map(bigNo))
  }, 120_000)

  it('answers /healthz while the export is still being written', async () => {
    const res = await exportOrders({ sort: 'Id' })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const chunks: Uint8Array[] = []
    const first = await reader.read()
    chunks.push(first.value!)
    // the file has begun; the server answers another request now
    const health = await fetch(`${base}/healthz`)
    expect(health.status).toBe(200)
    // and it was still writing rows after that answer: an order saved now, whose place is at the
    // end of the file (highest Id), is in it. A file built whole before the first byte lacks it.
    await t.db.db
      .insertInto('orders')
      .values({
        order_no: 'AFTER-HEALTHZ',
        customer: '',
        part_name: '',
        quantity: 0,
        unit_price: 0,
        total_sum: 0,
        price_sign: '¥',
        job_start_time: '',
        rough_forging: 0,
        workshop: 1,
        supervisor_material_qty: 0,
        supervisor_price: 0,
        audit_status: 0,
        created_at: '2025-01-02T00:00:00.000Z',
      })
      .execute()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
    }
    const { numbers } = await orderNumbers(Buffer.concat(chunks))
    expect(numbers.at(-1)).toBe('AFTER-HEALTHZ')
    expect(numbers).toHaveLength(total + 1)
  }, 120_000)

  it('refuses an unknown sort field up front with the JSON answer, not a broken file', async () => {
    const res = await exportOrders({ sort: 'NoSuchField' })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('json')
    expect(await res.json()).toMatchObject({ code: 400, msg: 'The request is not valid' })
  })
})

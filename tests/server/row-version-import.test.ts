import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GridImportResult } from '#shared/contract/grid-excel'
import { post, postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * The Excel round trip with row versions (DESIGN §11): an export carries each row's version as
 * its last column; importing it after Forgeline changed some of its records shows the rows whose
 * changed fields clash, with both values, and the apply changes only the clash rows it lists.
 */
let t: TestApp
const tok: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'staff']) tok[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Row = Record<string, unknown>
const get = async (id: number) => (await post<Row>(t, tok.admin, 'Order/Get', { id })).data

async function upload(file: Buffer, query: string) {
  const boundary = '----forgeline-rv'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="o.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/Order/Upload${query}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${tok.admin}`,
      lang: 'en',
    },
  })
  return { status: res.statusCode, data: (res.json() as { data: GridImportResult }).data }
}

/** Three orders A, B, C exported; then Forgeline changes A's remark and B's customer. */
async function scenario(prefix: string) {
  const made = await postCommon(t, tok.admin!, 'SaveOrder', {
    insertRecords: ['A', 'B', 'C'].map((n) => ({
      OrderNo: `${prefix}-${n}`,
      Customer: `${n} Co`,
      PartName: 'Shaft',
      Quantity: 1,
      Remark: 'start',
    })),
  })
  expect(made.status).toBe(200)
  const ids = (made.data as unknown as { versions: { Id: number }[] }).versions.map((v) => v.Id)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Order/Export',
    headers: { authorization: `Bearer ${tok.admin}`, lang: 'en' },
    payload: { keyword: prefix, sort: 'OrderNo' },
  })
  expect(res.statusCode).toBe(200)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const ws = wb.worksheets[0]!
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String)
  const col = (label: string) => header.indexOf(label) + 1
  const [a, b, c] = ids as [number, number, number]
  await postCommon(t, tok.staff!, 'SaveOrder', {
    updateRecords: [
      { Id: a, Remark: 'office', RowVersion: 1 },
      { Id: b, Customer: 'B Renamed', RowVersion: 1 },
    ],
  })
  return { ws, wb, header, col, a, b, c }
}

async function edited(s: Awaited<ReturnType<typeof scenario>>, dropVersion = false) {
  // row 2 = A, 3 = B, 4 = C (sorted by order number)
  s.ws.getRow(2).getCell(s.col('Remark')).value = 'excel'
  s.ws.getRow(3).getCell(s.col('Quantity')).value = 99
  s.ws.getRow(4).getCell(s.col('Remark')).value = 'c excel'
  if (dropVersion) s.ws.spliceColumns(s.col('Row version'), 1)
  return Buffer.from(await s.wb.xlsx.writeBuffer())
}

describe('Excel round trip with row versions', () => {
  it('exports the version as the last column', async () => {
    const s = await scenario('RVX0')
    expect(s.header.at(-1)).toBe('Row version')
    expect(s.ws.getRow(2).getCell(s.header.length).value).toBe(1)
  })

  it('previews a row changed since the export as a clash with both values; the apply leaves unticked clashes alone', async () => {
    const s = await scenario('RVX1')
    const file = await edited(s)
    const preview = await upload(file, '?mode=preview')
    expect(preview.status).toBe(200)
    const byKey = new Map(preview.data.changedRows.map((r) => [r.key, r]))
    expect(byKey.get('RVX1-A')).toMatchObject({
      row: 2,
      clash: true,
      fields: [{ field: 'Remark', from: 'office', to: 'excel', clash: true, changedBy: 'staff' }],
    })
    // B: its customer cell still holds the exported value: Forgeline's newer one stays
    expect(byKey.get('RVX1-B')).toMatchObject({ fields: [{ field: 'Quantity', to: '99' }] })
    expect(byKey.get('RVX1-B')?.clash).toBeUndefined()
    expect(byKey.get('RVX1-C')?.clash).toBeUndefined()
    const applied = await upload(file, `?mode=apply&token=${preview.data.token}`)
    expect(applied.status, JSON.stringify(applied)).toBe(200)
    expect(await get(s.a)).toMatchObject({ Remark: 'office', RowVersion: 2 })
    expect(await get(s.b)).toMatchObject({ Customer: 'B Renamed', Quantity: 99, RowVersion: 3 })
    expect(await get(s.c)).toMatchObject({ Remark: 'c excel', RowVersion: 2 })
  })

  it('applies a clash row the user ticked', async () => {
    const s = await scenario('RVX2')
    const file = await edited(s)
    const preview = await upload(file, '?mode=preview')
    const applied = await upload(file, `?mode=apply&token=${preview.data.token}&applyRows=2`)
    expect(applied.status).toBe(200)
    expect(await get(s.a)).toMatchObject({ Remark: 'excel', RowVersion: 3 })
  })

  it('a file without the version column imports as before: no clashes, the file wins', async () => {
    const s = await scenario('RVX3')
    const file = await edited(s, true)
    const preview = await upload(file, '?mode=preview')
    expect(preview.data.changedRows.some((r) => r.clash)).toBe(false)
    const applied = await upload(file, `?mode=apply&token=${preview.data.token}`)
    expect(applied.status).toBe(200)
    expect(await get(s.a)).toMatchObject({ Remark: 'excel' })
    expect(await get(s.b)).toMatchObject({ Customer: 'B Co', Quantity: 99 })
  })
})

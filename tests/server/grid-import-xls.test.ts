import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gridImportMaxRows } from '#shared/contract/grid-excel'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * `.xls` import: files written by LibreOffice (tests/fixtures/spreadsheets, see its
 * README for the commands), read without evaluating formulas, with the .xlsx limits; damaged or
 * oversized files get a translated message and never a 5xx.
 */
let t: TestApp
let token = ''
const fixture = (name: string) =>
  fs.readFileSync(new URL(`../fixtures/spreadsheets/${name}`, import.meta.url))

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  token = await signIn(t.app, 'admin')
})
afterAll(() => t.close())

type Answer = {
  code: number
  msg: string
  data: {
    insertRows: number
    updateRows: number
    unchangedRows: number
    rejectedRows: unknown[]
  } | null
}
async function upload(
  app: TestApp,
  data: Buffer,
  { name = 'orders.xls', query = '', lang = 'en' } = {},
) {
  const boundary = `----forgeline-xls-${Date.now()}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/Order/Upload${query}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      lang,
    },
  })
  return { status: res.statusCode, body: res.json() as Answer }
}
const orders = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Order/GetList',
    payload: { keyword: 'LO-XLS-', pageSize: 100, sort: 'OrderNo' },
    headers: { authorization: `Bearer ${token}`, lang: 'en' },
  })
  return (res.json() as { data: { result: Record<string, unknown>[] } }).data.result
}

describe('.xls import', () => {
  it('imports an .xls written by LibreOffice, with the saved result of a formula cell', async () => {
    const r = await upload(t, fixture('orders-libreoffice.xls'))
    expect(r.status, r.body.msg).toBe(200)
    expect(r.body.data).toMatchObject({ insertRows: 3, updateRows: 0, rejectedRows: [] })
    const rows = await orders()
    expect(rows.map((o) => o.OrderNo)).toEqual(['LO-XLS-001', 'LO-XLS-002', 'LO-XLS-003'])
    expect(rows[0]).toMatchObject({
      Customer: '常州精锻',
      PartName: '曲轴',
      Quantity: 120,
      UnitPrice: 35.5,
      JobStartTimeString: '2026-03-02T00:00:00.000Z',
      RoughForging: true,
      Workshop: 1,
      Remark: 'LibreOffice 写入',
    })
    // `=1+1` in the CSV: LibreOffice saved a formula with its result 2; the result is used, never evaluated here
    expect(rows[1]).toMatchObject({
      Customer: 'Wuxi Forging',
      Quantity: 80,
      UnitPrice: 12.125,
      RoughForging: false,
      Workshop: 2,
      Remark: '2',
    })
    expect(rows[2]).toMatchObject({
      Customer: '无锡锻压',
      Quantity: 0,
      JobStartTimeString: '',
      Workshop: 1,
      Remark: '',
    })
  })

  it('reads the .xlsx LibreOffice wrote from the same data as the same records (all unchanged)', async () => {
    const r = await upload(t, fixture('orders-libreoffice.xlsx'), {
      name: 'orders.xlsx',
      query: '?mode=preview',
    })
    expect(r.status, r.body.msg).toBe(200)
    expect(r.body.data).toMatchObject({
      insertRows: 0,
      updateRows: 0,
      unchangedRows: 3,
      rejectedRows: [],
    })
  })

  it(`refuses an .xls of ${gridImportMaxRows + 1} rows with the .xlsx row limit`, async () => {
    const r = await upload(t, fixture('too-many-rows.xls'))
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe(`At most ${gridImportMaxRows} rows can be imported per file`)
  })

  it('refuses damaged .xls files with a translated message and no 5xx', async () => {
    const whole = fixture('orders-libreoffice.xls')
    const cases = [
      whole.subarray(0, 3000), // cut short
      Buffer.concat([whole.subarray(0, 512), Buffer.alloc(whole.length - 512, 0xff)]), // sectors overwritten
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(4096, 0x41),
      ]), // only the magic
    ]
    for (const file of cases) {
      const en = await upload(t, file)
      expect(en.status).toBe(400)
      expect(en.body.msg).toMatch(/^This \.xls file cannot be read/)
      const zh = await upload(t, file, { lang: 'zh' })
      expect(zh.body.msg).toMatch(/^无法读取这个 \.xls 文件/)
    }
    expect((await orders()).length).toBe(3)
  })

  it('refuses an .xls over the upload size limit with the limit in the message', async () => {
    const small = await createTestApp({ SEED_DEMO: 'false', UPLOAD_MAX_BYTES: String(100 * 1024) })
    try {
      token = await signIn(small.app, 'admin')
      const r = await upload(small, fixture('too-many-rows.xls'), { lang: 'zh' })
      expect(r.status).toBeLessThan(500)
      expect(r.body.msg).toBe('文件过大，最大 0.1 MB')
    } finally {
      await small.close()
      token = await signIn(t.app, 'admin')
    }
  })
})

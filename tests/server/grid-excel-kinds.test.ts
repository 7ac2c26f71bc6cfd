import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gridImportMaxRows } from '#shared/contract/grid-excel'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Excel export and import of every grid kind: two rows saved through the grid's own save, the
 * export read back (labelled header, one line a row), the exported file imported as it is, and
 * the imported rows equal to the saved ones. Orders have their own round trip in
 * grid-excel.test.ts; here they are the parent of the records. Plus the import row limit.
 */
let t: TestApp
let token = ''
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  token = await signIn(t.app, 'admin')
})
afterAll(() => t.close())

async function call(url: string, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, lang: 'en' },
  })
  return {
    status: res.statusCode,
    json: () => res.json() as { code: number; msg: string; data: unknown; errors?: unknown },
    raw: res.rawPayload,
    headers: res.headers,
  }
}
async function upload(kind: string, data: Buffer) {
  const boundary = `----forgeline-kinds-${Date.now()}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: ${xlsxType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${kind}/Upload`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      lang: 'en',
    },
  })
  return {
    status: res.statusCode,
    body: res.json() as {
      code: number
      msg: string
      data: {
        insertRows: number
        updateRows: number
        unchangedRows: number
        rejectedRows: unknown[]
        ignoredColumns: string[]
      } | null
    },
  }
}
async function readBack(file: Buffer) {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(file as unknown as ArrayBuffer)
  const rows: ExcelJS.CellValue[][] = []
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)))
  return rows
}
/** The file with the first column (Id) emptied below its header. */
async function withoutIds(file: Buffer) {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(file as unknown as ArrayBuffer)
  wb.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) row.getCell(1).value = null
  })
  return Buffer.from(await wb.xlsx.writeBuffer())
}
type Row = Record<string, unknown>
const listOf = async (kind: string, filter: Row) =>
  (await call(`${kind}/GetList`, { pageSize: 1000, sort: 'Id', ...filter })).json().data as {
    result: Row[]
    total: number
  }
/** What an import cannot carry over: identity, creation time and audit state. */
const content = ({
  Id: _i,
  CreateTimeString: _c,
  AuditStatus: _s,
  AuditComment: _m,
  AuditTimeString: _t,
  ...rest
}: Row) => rest
/** The rows' content, in one order whatever order the list gives them in. */
const contents = (rows: Row[]) =>
  rows.map(content).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
const added = (after: Row[], before: Row[]) =>
  after.filter((r) => !before.some((b) => b.Id === r.Id))

const orderNo = 'XL-KINDS-1'
let orderId = 0
beforeAll(async () => {
  const r = await call('PostData/PostCommon', {
    postUrl: 'SaveOrder',
    postData: {
      insertRecords: [
        { OrderNo: orderNo, Customer: '客户', Quantity: 100, UnitPrice: 3, PartName: 'p' },
      ],
    },
  })
  expect(r.status).toBe(200)
  orderId = (
    await t.db.db
      .selectFrom('orders')
      .select('id')
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow()
  ).id
})

const kinds: { kind: string; linked: boolean; rows: Row[]; header: string }[] = [
  {
    kind: 'Purchase',
    linked: true,
    header: 'Supplier',
    rows: [
      {
        Supplier: '江阴钢厂',
        Material: '42CrMo4',
        Quantity: 500,
        UnitPrice: 6.125,
        DeliveryDateString: '2026-03-01',
      },
      { Supplier: '无锡特钢', Material: 'H13', Quantity: 40, UnitPrice: 38.5 },
    ],
  },
  {
    kind: 'Outsourcing',
    linked: true,
    header: 'Supplier',
    rows: [
      { Supplier: '热处理厂', Process: '调质', Quantity: 50, UnitPrice: 2.5 },
      { Supplier: '喷丸厂', Process: '抛丸', Quantity: 30, UnitPrice: 1.25, Remark: '=1+1' },
    ],
  },
  {
    kind: 'Shipment',
    linked: true,
    header: 'Carrier',
    rows: [
      {
        Carrier: '苏通物流',
        TrackingNo: 'ST1',
        Quantity: 50,
        ShipDateString: '2026-06-01',
        Address: '南京',
      },
      { Carrier: '锡常快运', TrackingNo: 'XC2', Quantity: 20 },
    ],
  },
  {
    kind: 'Quality',
    linked: true,
    header: 'Inspector',
    rows: [
      { Item: '硬度', Inspector: '王工', Quantity: 50, QualifiedQuantity: 49 },
      { Item: '尺寸', Inspector: '李工', Quantity: 20, QualifiedQuantity: 20 },
    ],
  },
  {
    kind: 'Warehouse',
    linked: true,
    header: 'Material',
    rows: [
      { Material: '曲轴', Direction: 2, Quantity: 50 },
      { Material: '圆钢', Direction: 1, Quantity: 500 },
    ],
  },
  {
    kind: 'Finance',
    linked: true,
    header: 'Counterparty',
    rows: [
      { EntryType: 1, Counterparty: '客户', Quantity: 50, UnitPrice: 10 },
      { EntryType: 2, Counterparty: '供应商', Quantity: 5, UnitPrice: 1.5 },
    ],
  },
  {
    kind: 'ProductionReport',
    linked: true,
    header: 'Operator',
    rows: [
      {
        ReportDateString: '2026-05-01',
        Workshop: '锻造车间',
        Process: '模锻',
        Operator: '陈磊',
        OutputQuantity: 1200,
        ScrapQuantity: 7,
      },
      {
        ReportDateString: '2026-05-02',
        Workshop: '机加工车间',
        Process: '精车',
        Operator: '张伟',
        OutputQuantity: 900,
        ScrapQuantity: 3,
      },
    ],
  },
]

describe.each(kinds)('$kind export and import', ({ kind, linked, rows }) => {
  it('exports the rows with labelled columns and imports the exported file back as the same rows', async () => {
    const saved = await call('PostData/PostCommon', {
      postUrl: `Save${kind}`,
      postData: { insertRecords: rows.map((r) => (linked ? { OrderId: orderId, ...r } : r)) },
    })
    expect(saved.status, JSON.stringify(saved.json())).toBe(200)
    const filter = { orderId }
    const before = (await listOf(kind, filter)).result
    expect(before).toHaveLength(2)

    const exported = await call(`${kind}/Export`, filter)
    expect(exported.status).toBe(200)
    expect(exported.headers['content-type']).toBe(xlsxType)
    expect(exported.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${kind}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
    )
    const sheet = await readBack(exported.raw)
    expect(sheet).toHaveLength(3)
    // labels, not field names; the order number first for records of an order
    expect(sheet[0]!.every((h) => typeof h === 'string' && h.length > 0)).toBe(true)
    // the record Id (the key rows are matched by), then the order number for records of an order
    expect(sheet[0]![0]).toBe('Id')
    expect(
      sheet
        .slice(1)
        .map((r) => Number(r[0]))
        .sort(),
    ).toEqual(before.map((r) => Number(r.Id)).sort())
    if (linked) {
      expect(sheet[0]![1]).toBe('Order number')
      expect(sheet.slice(1).map((r) => r[1])).toEqual([orderNo, orderNo])
    }

    // as it is: every row matches its record and nothing changes
    const same = await upload(kind, exported.raw)
    expect(same.status, JSON.stringify(same.body)).toBe(200)
    expect(same.body.data).toMatchObject({
      insertRows: 0,
      updateRows: 0,
      unchangedRows: 2,
      rejectedRows: [],
      ignoredColumns: [],
    })
    expect((await listOf(kind, filter)).result).toEqual(before)

    // without the Ids: new records with the same content
    const imported = await upload(kind, await withoutIds(exported.raw))
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    expect(imported.body.data).toMatchObject({
      insertRows: 2,
      updateRows: 0,
      rejectedRows: [],
      ignoredColumns: [],
    })
    const after = (await listOf(kind, filter)).result
    expect(after).toHaveLength(4)
    expect(contents(added(after, before))).toEqual(contents(before))
    expect(added(after, before).every((r) => r.AuditStatus === 0)).toBe(true)
  })
})

describe('SupplierForm export and import', () => {
  it('exports the forms and imports the exported file back as the same forms', async () => {
    const forms = [
      {
        Company: '常州精密刀具有限公司',
        Contact: '孙女士',
        Phone: '13775288065',
        Email: 'sun@example.com',
        Address: '常州',
        Products: '铣刀',
      },
      {
        Company: '无锡锻压设备厂',
        Contact: '周先生',
        Phone: '13915200000',
        Email: 'zhou@example.com',
        Address: '无锡',
        Products: '压力机',
      },
    ]
    const header = Object.keys(forms[0]!)
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Sheet1')
    ws.addRow(header)
    for (const f of forms) ws.addRow(header.map((h) => f[h as keyof typeof f]))
    expect(
      (await upload('SupplierForm', Buffer.from(await wb.xlsx.writeBuffer()))).body.data,
    ).toMatchObject({ insertRows: 2 })
    const before = (await listOf('SupplierForm', {})).result
    expect(before.map((r) => r.Company).sort()).toEqual(forms.map((f) => f.Company).sort())

    const exported = await call('SupplierForm/Export', {})
    expect(exported.status).toBe(200)
    const sheet = await readBack(exported.raw)
    expect(sheet).toHaveLength(3)
    expect((await upload('SupplierForm', exported.raw)).body.data).toMatchObject({
      insertRows: 0,
      unchangedRows: 2,
    })
    const imported = await upload('SupplierForm', await withoutIds(exported.raw))
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    expect(imported.body.data).toMatchObject({ insertRows: 2, rejectedRows: [] })
    const after = (await listOf('SupplierForm', {})).result
    expect(after).toHaveLength(4)
    expect(contents(added(after, before))).toEqual(contents(before))
  })
})

describe('import row limit', () => {
  it(`refuses a file of ${gridImportMaxRows + 1} rows with the limit in the message and stores nothing`, async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Sheet1')
    ws.addRow(['OrderNo', 'Quantity'])
    for (let i = 0; i <= gridImportMaxRows; i++) ws.addRow([`LIM-${i}`, 1])
    const before = Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const res = await upload('Order', Buffer.from(await wb.xlsx.writeBuffer()))
    expect(res.status).toBe(400)
    expect(res.body.msg).toBe(`At most ${gridImportMaxRows} rows can be imported per file`)
    expect(
      Number(
        (
          await t.db.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(before)
  })

  it(`accepts exactly ${gridImportMaxRows} rows (blank lines do not count)`, async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Sheet1')
    ws.addRow(['Material', 'OrderNo', 'Quantity'])
    for (let i = 0; i < gridImportMaxRows; i++) {
      ws.addRow([`S${i}`, orderNo, 1])
      if (i % 1000 === 0) ws.addRow([])
    }
    const res = await upload('Warehouse', Buffer.from(await wb.xlsx.writeBuffer()))
    expect(res.status, res.body.msg).toBe(200)
    expect(res.body.data?.insertRows).toBe(gridImportMaxRows)
  })
})

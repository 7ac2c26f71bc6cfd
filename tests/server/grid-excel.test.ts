import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Rejected = { row: number; field: string; column: string; reason: string }
type ImportAnswer = {
  code: number
  msg: string
  data: {
    insertRows: number
    updateRows: number
    unchangedRows: number
    rejectedRows: Rejected[]
    ignoredColumns: string[]
  } | null
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

function multipart(filename: string, data: Buffer, type = xlsxType) {
  const boundary = `----forgeline-excel-${Date.now()}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function upload(
  kind: string,
  data: Buffer,
  { who = 'staff', lang = 'en', filename = 'rows.xlsx', mode = '' } = {},
) {
  const body = multipart(filename, data)
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${kind}/Upload${mode ? `?mode=${mode}` : ''}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${tokens[who]}`, lang },
  })
  return { status: res.statusCode, body: res.json() as ImportAnswer }
}

async function call(url: string, payload: unknown, who = 'staff') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${tokens[who]}`, lang: 'en' },
  })
  return {
    status: res.statusCode,
    json: () => res.json() as { code: number; data: unknown },
    raw: res.rawPayload,
    headers: res.headers,
  }
}

type Row = Record<string, unknown>
const listAll = async (kind: string, body: Row = {}) =>
  (await call(`${kind}/GetList`, { pageSize: 1000, ...body })).json().data as {
    result: Row[]
    total: number
  }

const countOrders = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** An .xlsx with a header row and rows of cell values. */
async function workbook(header: ExcelJS.CellValue[], rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Sheet1')
  ws.addRow(header)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function readBack(file: Buffer) {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(file as unknown as ArrayBuffer)
  const ws = wb.worksheets[0]!
  const rows: ExcelJS.CellValue[][] = []
  ws.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)))
  return rows
}

describe('grid import (.xlsx)', () => {
  it('imports a generated file of 1,234 orders in one go (the parse answer comes in parts of 500 rows)', async () => {
    const before = await countOrders()
    const rows = Array.from({ length: 1234 }, (_, i) => [
      `IMP-${String(i).padStart(4, '0')}`,
      '批量客户',
      `零件${i}`,
      i + 1,
      12.345,
      '',
      new Date(Date.UTC(2025, 0, 1 + (i % 28))),
      i % 2 === 0 ? '是' : '否',
      i % 2 === 0 ? '客供料' : 2,
    ])
    const file = await workbook(
      ['订单号', '客户', 'Part', 'Quantity', '单价', '币种', '开工日期', '毛坯锻件', '材料来源'],
      rows,
    )
    const r = await upload('Order', file)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ insertRows: 1234, rejectedRows: [] })
    expect(r.body.msg).toBe('Imported: 1234 new, 0 changed, 0 unchanged')
    expect(await countOrders()).toBe(before + 1234)
    // rows of the second and the last part, each with its own values
    for (const i of [500, 1233])
      expect(
        (await listAll('Order', { keyword: `IMP-${String(i).padStart(4, '0')}` })).result[0],
      ).toMatchObject({
        PartName: `零件${i}`,
        Quantity: i + 1,
      })
    const one = (await listAll('Order', { keyword: 'IMP-0007' })).result[0]!
    expect(one).toMatchObject({
      Customer: '批量客户',
      PartName: '零件7',
      Quantity: 8,
      UnitPrice: 12.345,
      TotalSum: 98.76,
      PriceSign: '¥',
      JobStartTimeString: '2025-01-08T00:00:00.000Z',
      RoughForging: false,
      Workshop: 2,
      AuditStatus: 0,
    })
    // one notice for the whole import, not 1,234
    const notices = await t.db.db
      .selectFrom('notice')
      .select('msg_en')
      .where('create_type', '=', 2)
      .execute()
    expect(notices.map((n) => n.msg_en)).toEqual([
      expect.stringContaining('1234 order records imported from Excel'),
    ])
  })

  it('refuses a file with 3 bad rows, stores nothing and reports those rows', async () => {
    const before = await countOrders()
    const good = (n: number) => [`BAD-OK-${n}`, 'c', 'p', 1, 1]
    const file = await workbook(
      ['OrderNo', 'Customer', 'PartName', 'Quantity', 'UnitPrice'],
      [
        good(1),
        ['', 'c', 'p', 1, 1],
        good(2),
        ['BAD-NEG', 'c', 'p', -1, 1],
        good(3),
        ['BAD-DEC', 'c', 'p', 1, 1.2345],
        good(4),
      ],
    )
    const r = await upload('Order', file)
    expect(r.status).toBe(400)
    expect(r.body.code).toBe(400)
    expect(r.body.msg).toBe('3 row(s) refused; nothing was imported')
    expect(r.body.data!.insertRows).toBe(0)
    expect(r.body.data!.rejectedRows).toEqual([
      { row: 3, field: 'OrderNo', column: 'Order number', reason: 'Order number required' },
      { row: 5, field: 'Quantity', column: 'Quantity', reason: 'Must not be less than 0' },
      { row: 7, field: 'UnitPrice', column: 'Unit price', reason: 'At most 3 decimals' },
    ])
    expect(await countOrders()).toBe(before)
    // in Chinese, with the SPEC wording
    const zh = await upload('Order', file, { lang: 'zh' })
    expect(zh.body.msg).toBe('3 行数据有误，未导入任何数据')
    expect(zh.body.data!.rejectedRows[0]).toMatchObject({ column: '订单号', reason: '订单号必填' })
  })

  it('refuses the whole file when a row is refused (number repeated in the file, unknown order)', async () => {
    const before = await countOrders()
    // IMP-0001 exists: its row matches it (and changes nothing); DUP-1 twice refuses the second
    const taken = await upload(
      'Order',
      await workbook(
        ['OrderNo', 'Customer', 'PartName', 'Quantity'],
        [
          ['DUP-1', 'c', 'p', 1],
          ['IMP-0001', '批量客户', '零件1', 2],
          ['DUP-1', 'c', 'p', 1],
        ],
      ),
    )
    expect(taken.status).toBe(400)
    expect(taken.body.data!.rejectedRows.map((r) => [r.row, r.reason])).toEqual([
      [4, 'This record appears twice in the file'],
    ])
    expect(await countOrders()).toBe(before)
    const purchases = await upload(
      'Purchase',
      await workbook(
        ['订单号', '供应商', '数量', 'Material'],
        [
          ['IMP-0001', 'S1', 5, 'm'],
          ['NO-SUCH-ORDER', 'S2', 5, 'm'],
        ],
      ),
    )
    expect(purchases.status).toBe(400)
    expect(purchases.body.data!.rejectedRows).toEqual([
      {
        row: 3,
        field: 'OrderNo',
        column: 'Order number',
        reason: 'There is no order numbered NO-SUCH-ORDER: choose an existing order',
      },
    ])
    expect((await listAll('Purchase')).total).toBe(0)
  })

  it('export then re-import round-trips the rows, formula-like text kept as text cells without a visible apostrophe', async () => {
    const source = [
      [
        'RT-1',
        '=HYPERLINK("http://evil")',
        '-part',
        3,
        1.5,
        '$',
        new Date(Date.UTC(2025, 4, 6)),
        '是',
        '自购料',
        '@SUM(A1)',
      ],
      ['RT-2', '+cmd', '-5 pcs', 2, 0, '¥', null, '否', '客供料', 'plain remark'],
    ]
    const header = [
      'OrderNo',
      'Customer',
      'PartName',
      'Quantity',
      'UnitPrice',
      'PriceSign',
      'JobStartTimeString',
      'RoughForging',
      'Workshop',
      'Remark',
    ]
    expect((await upload('Order', await workbook(header, source))).status).toBe(200)
    const before = (await listAll('Order', { keyword: 'RT-', sort: 'OrderNo' })).result
    expect(before.map((r) => r.Customer)).toEqual(['=HYPERLINK("http://evil")', '+cmd'])

    const res = await call('Order/Export', { keyword: 'RT-', sort: 'OrderNo' })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe(xlsxType)
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Order-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    )
    const sheet = await readBack(res.raw)
    expect(sheet[0]!.slice(0, 3)).toEqual(['Order number', 'Customer', 'Part'])
    // the user sees the values as they are; the cells are text cells (format @), never formulas
    expect(sheet[1]!.slice(0, 3)).toEqual(['RT-1', '=HYPERLINK("http://evil")', '-part'])
    expect(sheet[2]!.slice(0, 3)).toEqual(['RT-2', '+cmd', '-5 pcs'])
    expect(sheet).toHaveLength(3)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    for (const ref of ['B2', 'C2', 'B3', 'C3']) {
      expect(ws.getCell(ref).type, ref).toBe(ExcelJS.ValueType.String)
      expect(ws.getCell(ref).numFmt, ref).toBe('@')
    }
    expect(ws.getCell('A2').numFmt).not.toBe('@')

    // remove them, then import the exported file as it is
    const ids = before.map((r) => ({ Id: r.Id }))
    expect(
      (
        await call('PostData/PostCommon', {
          postUrl: 'SaveOrder',
          postData: { removeRecords: ids },
        })
      ).status,
    ).toBe(200)
    const again = await upload('Order', res.raw)
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({
      insertRows: 2,
      updateRows: 0,
      rejectedRows: [],
      ignoredColumns: [],
      applied: true,
    })
    const after = (await listAll('Order', { keyword: 'RT-', sort: 'OrderNo' })).result
    const strip = ({ Id: _i, CreateTimeString: _c, ...rest }: Row) => rest
    expect(after.map(strip)).toEqual(before.map(strip))
  })

  it('round-trips records tied to an order (purchases): matched by Id, the unchanged export changes nothing', async () => {
    const file = await workbook(
      ['OrderNo', 'Supplier', 'Material', 'Quantity', 'UnitPrice', 'DeliveryDateString'],
      [
        ['IMP-0002', '钢厂', '42CrMo', 10, 5.5, '2025-03-01'],
        ['IMP-0003', '钢厂', '45#', 20, 4.25, ''],
      ],
    )
    expect((await upload('Purchase', file)).body.data?.insertRows).toBe(2)
    const first = (await listAll('Purchase', { sort: 'Id' })).result
    const exported = await call('Purchase/Export', { sort: 'Id' })
    expect((await readBack(exported.raw))[0]!.slice(0, 2)).toEqual(['Id', 'Order number'])
    expect((await upload('Purchase', exported.raw)).body.data).toMatchObject({
      insertRows: 0,
      updateRows: 0,
      unchangedRows: 2,
    })
    expect((await listAll('Purchase', { sort: 'Id' })).result).toEqual(first)
  })

  it('never evaluates formulas: the saved result is used, a formula without one is refused', async () => {
    const before = await countOrders()
    const withResult = await workbook(
      ['OrderNo', 'Quantity', 'UnitPrice', 'Customer', 'PartName'],
      [['F-1', { formula: '2*3', result: 6 }, { formula: 'B2/4', result: 1.5 }, 'c', 'p']],
    )
    expect((await upload('Order', withResult)).body.data?.insertRows).toBe(1)
    expect((await listAll('Order', { keyword: 'F-1' })).result[0]).toMatchObject({
      Quantity: 6,
      UnitPrice: 1.5,
      TotalSum: 9,
    })
    const noResult = await workbook(
      ['OrderNo', 'Quantity', 'Customer', 'PartName'],
      [
        ['F-2', { formula: 'WEBSERVICE("http://127.0.0.1/")' } as ExcelJS.CellValue, 'c', 'p'],
        ['F-3', { error: '#N/A' } as ExcelJS.CellValue, 'c', 'p'],
      ],
    )
    const r = await upload('Order', noResult)
    expect(r.status).toBe(400)
    expect(r.body.data!.rejectedRows).toEqual([
      {
        row: 2,
        field: 'Quantity',
        column: 'Quantity',
        reason: 'A formula cell without a saved result; paste it as values and import again',
      },
      {
        row: 3,
        field: 'Quantity',
        column: 'Quantity',
        reason: 'The cell holds an error value (such as #N/A)',
      },
    ])
    expect(await countOrders()).toBe(before + 1)
  })

  it('ignores __proto__, constructor and other unknown headers without touching any object', async () => {
    const file = await workbook(
      [
        'OrderNo',
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'Quantity',
        'Quantity',
        'Customer',
        'PartName',
      ],
      [['PROTO-1', '{"polluted":true}', 'x', 'y', 'z', 'w', 4, 99, 'c', 'p']],
    )
    const r = await upload('Order', file)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      insertRows: 1,
      rejectedRows: [],
      ignoredColumns: [
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'Quantity',
      ],
    })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false)
    expect((await listAll('Order', { keyword: 'PROTO-1' })).result[0]).toMatchObject({
      OrderNo: 'PROTO-1',
      Quantity: 4,
    })
  })

  it('refuses unreadable .xls files with a save-as message, non-spreadsheets, zip bombs and empty sheets', async () => {
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ])
    const xls = await upload('Order', ole, { filename: 'orders.xls', lang: 'zh' })
    expect(xls.status).toBe(400)
    expect(xls.body.msg).toContain('另存为 .xlsx')
    const png = await upload('Order', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), {
      filename: 'x.xlsx',
    })
    expect(png.body.msg).toBe('Only Excel files (.xlsx or .xls) can be imported')
    // a zip bomb whose index says 1 KB: inflating stops one byte past that
    const bomb = await upload('Order', lyingZip())
    expect(bomb.status).toBe(400)
    expect(bomb.body.msg).toMatch(/^The file is damaged/)
    const empty = await upload('Order', await workbook(['OrderNo'], []))
    expect(empty.body.msg).toBe('The file has no data rows')
    const unknown = await upload('Order', await workbook(['Foo', 'Bar'], [['1', '2']]))
    expect(unknown.body.msg).toBe(
      'The first row names no known column (use the headers of an exported file)',
    )
  })

  it('is refused to users without the orders permission', async () => {
    const file = await workbook(['OrderNo'], [['PERM-1']])
    expect((await upload('Order', file, { who: 'editor' })).status).toBe(403)
    expect((await call('Order/Export', {}, 'editor')).status).toBe(403)
  })
})

describe('SupplierForm/Upload (SPEC §7)', () => {
  it('imports supplier forms with the public form rules and answers insertRows', async () => {
    const file = await workbook(
      ['公司', '联系人', '手机', '邮箱', '产品'],
      [
        ['常州精锻', '周经理', 13800138000, 'zhou@example.com', '圆钢'],
        ['无锡锻压', '李工', '13900139000', '', ''],
      ],
    )
    const r = await upload('SupplierForm', file)
    expect(r.status).toBe(200)
    expect(r.body.data!.insertRows).toBe(2)
    const rows = (await listAll('SupplierForm', { sort: 'Id' })).result
    expect(rows.map((x) => [x.Company, x.Phone])).toEqual([
      ['常州精锻', '13800138000'],
      ['无锡锻压', '13900139000'],
    ])
    // a row with the Id of a stored form changes its Remark, the one field staff edit
    const remark = await upload(
      'SupplierForm',
      await workbook(['编号', '公司', '备注'], [[rows[0]!.Id as number, '常州精锻', '已回电']]),
    )
    expect(remark.status, remark.body.msg).toBe(200)
    expect(remark.body.data).toMatchObject({ insertRows: 0, updateRows: 1 })
    expect(
      (await listAll('SupplierForm', { sort: 'Id' })).result.map((x) => [x.Company, x.Remark]),
    ).toEqual([
      ['常州精锻', '已回电'],
      ['无锡锻压', ''],
    ])
    // what the supplier sent is not changed by a file: refused, not counted unchanged
    const readOnly = await upload(
      'SupplierForm',
      await workbook(['编号', '公司'], [[rows[0]!.Id as number, '别的公司']]),
      { mode: 'preview' },
    )
    expect(readOnly.body.data).toMatchObject({
      updateRows: 0,
      unchangedRows: 0,
      rejectedRows: [{ row: 2, field: 'Company' }],
    })
    const bad = await upload(
      'SupplierForm',
      await workbook(['Company', 'Contact', 'Phone'], [['A', 'B', '12345']]),
    )
    expect(bad.body.data!.rejectedRows).toEqual([
      {
        row: 2,
        field: 'Phone',
        column: 'Phone',
        reason: 'A Chinese mobile number has 11 digits starting with 1',
      },
    ])
    const exported = await call('SupplierForm/Export', {})
    expect((await readBack(exported.raw))[0]!.slice(0, 4)).toEqual([
      'Id',
      'Company',
      'Contact',
      'Phone',
    ])
  })
})

/** A valid-looking .xlsx zip whose one entry claims 1 KB but inflates to 80 MB. */
function lyingZip(): Buffer {
  const name = Buffer.from('xl/workbook.xml')
  const data = zlib.deflateRawSync(Buffer.alloc(80 * 1024 * 1024))
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(1024, 22)
  local.writeUInt16LE(name.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(1024, 24)
  central.writeUInt16LE(name.length, 28)
  central.writeUInt32LE(0, 42)
  const dirOffset = local.length + name.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + name.length, 12)
  end.writeUInt32LE(dirOffset, 16)
  return Buffer.concat([local, name, data, central, name, end])
}

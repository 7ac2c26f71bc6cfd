import fs from 'node:fs'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Import as an update: rows are matched to stored records by their key, a preview
 * tells what would change and changes nothing, the apply stores it in one transaction and only
 * if the plan is still the previewed one; audited records it changes go back to pending as with
 * an inline edit. The edited file is an order export saved by LibreOffice (tests/fixtures).
 */
let t: TestApp
let token = ''
const fixtures = new URL('../fixtures/spreadsheets/', import.meta.url)
const fixture = (name: string) => fs.readFileSync(new URL(name, fixtures))
const orders = JSON.parse(fixture('round-trip-orders.json').toString('utf8')) as Record<
  string,
  unknown
>[]
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  token = await signIn(t.app, 'admin')
})
afterAll(() => t.close())

type Row = Record<string, unknown>
type Plan = {
  insertRows: number
  updateRows: number
  unchangedRows: number
  rejectedRows: { row: number; field: string; column: string; reason: string }[]
  changedRows: {
    row: number
    key: string
    auditReset: boolean
    fields: { field: string; column: string; from: string; to: string }[]
  }[]
  applied: boolean
  token: string
}

async function call(url: string, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Row,
    headers: { authorization: `Bearer ${token}`, lang: 'en' },
  })
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data: unknown },
  }
}
async function upload(kind: string, data: Buffer, query = '', lang = 'en') {
  const boundary = `----forgeline-update-${Date.now()}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: ${xlsxType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${kind}/Upload${query}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      lang,
    },
  })
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data: Plan | null },
  }
}
const list = async (kind: string, body: Row = {}) =>
  (
    (await call(`${kind}/GetList`, { pageSize: 1000, sort: 'Id', ...body })).body.data as {
      result: Row[]
    }
  ).result
const save = (kind: string, postData: Row) =>
  call('PostData/PostCommon', { postUrl: `Save${kind}`, postData })
const audit = (kind: string, ids: unknown[]) =>
  call('PostData/PostCommon', {
    postUrl: `Audit${kind}`,
    postData: { updateRecords: ids.map((Id) => ({ Id, AuditStatus: 1 })) },
  })
const byNo = (rows: Row[]) => new Map(rows.map((r) => [String(r.OrderNo), r]))

async function sheet(header: ExcelJS.CellValue[], rows: ExcelJS.CellValue[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Sheet1')
  ws.addRow(header)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

describe('order export edited in LibreOffice, imported', () => {
  let before: Row[] = []
  beforeAll(async () => {
    // Workshop 0 (none) is the stored default: a new order leaves it out
    const inserts = orders.map(({ Workshop, ...o }) => (Workshop ? { Workshop, ...o } : o))
    const saved0 = await save('Order', { insertRecords: inserts })
    expect(saved0.status, JSON.stringify(saved0.body)).toBe(200)
    const saved = await list('Order')
    expect(
      (
        await audit(
          'Order',
          saved.map((r) => r.Id),
        )
      ).status,
    ).toBe(200)
    before = await list('Order')
    expect(before.every((r) => r.AuditStatus === 1)).toBe(true)
  })

  it('previews 1 new, 2 changed (with their fields), 3 unchanged, and changes nothing', async () => {
    const r = await upload('Order', fixture('order-export-edited.xlsx'), '?mode=preview')
    expect(r.status, r.body.msg).toBe(200)
    expect(r.body.msg).toBe(
      'Preview: 1 new, 2 changed, 3 unchanged, 0 refused; nothing imported yet',
    )
    expect(r.body.data).toMatchObject({
      insertRows: 1,
      updateRows: 2,
      unchangedRows: 3,
      rejectedRows: [],
      applied: false,
    })
    expect(r.body.data!.token).toMatch(/^[0-9a-f]{64}$/)
    expect(r.body.data!.changedRows).toEqual([
      {
        row: 3,
        key: 'RT-LO-02',
        auditReset: true,
        fields: [{ field: 'Quantity', column: 'Quantity', from: '80', to: '95' }],
      },
      {
        row: 5,
        key: 'RT-LO-04',
        auditReset: false,
        fields: [{ field: 'Remark', column: 'Remark', from: '首件检验', to: '加急' }],
      },
    ])
    const zh = await upload('Order', fixture('order-export-edited.xlsx'), '?mode=preview', 'zh')
    expect(zh.body.msg).toBe('预览：新增 1 行，修改 2 行，未变 3 行，有误 0 行；尚未导入')
    expect(zh.body.data!.changedRows[0]!.fields[0]!.column).toBe('数量')
    expect(await list('Order')).toEqual(before)
  })

  it('applies the previewed plan: exactly the edited cells change, edited audited orders go back to pending', async () => {
    const preview = await upload('Order', fixture('order-export-edited.xlsx'), '?mode=preview')
    const r = await upload(
      'Order',
      fixture('order-export-edited.xlsx'),
      `?mode=apply&token=${preview.body.data!.token}`,
    )
    expect(r.status, r.body.msg).toBe(200)
    expect(r.body.msg).toBe('Imported: 1 new, 2 changed, 3 unchanged')
    expect(r.body.data).toMatchObject({
      insertRows: 1,
      updateRows: 2,
      unchangedRows: 3,
      applied: true,
    })
    const after = byNo(await list('Order'))
    const old = byNo(before)
    for (const no of ['RT-LO-01', 'RT-LO-03', '1005']) expect(after.get(no)).toEqual(old.get(no))
    const { AuditTimeString: _a, AuditComment: _c, ...two } = old.get('RT-LO-02')!
    expect(after.get('RT-LO-02')).toMatchObject({
      ...two,
      Quantity: 95,
      TotalSum: 1151.875,
      AuditStatus: 0,
      // an import is a write: one more version
      RowVersion: Number(two.RowVersion) + 1,
    })
    // a remark keeps the audit (src/shared/contract/audit-reset.ts), as an inline edit does
    const four = old.get('RT-LO-04')!
    expect(four.AuditStatus).not.toBe(0)
    expect(after.get('RT-LO-04')).toMatchObject({
      ...four,
      Remark: '加急',
      RowVersion: Number(four.RowVersion) + 1,
    })
    expect(after.get('RT-LO-06')).toMatchObject({
      Customer: '新客户',
      PartName: '法兰',
      Quantity: 10,
      UnitPrice: 2.5,
      AuditStatus: 0,
    })
    expect(after.size).toBe(6)
  })

  it('refuses a stale token (the plan changed since the preview) and an apply without one, changing nothing', async () => {
    const file = await sheet(['订单号', '数量'], [['RT-LO-01', 121]])
    const preview = await upload('Order', file, '?mode=preview')
    expect(preview.body.data).toMatchObject({ updateRows: 1 })
    // someone edits the order between preview and apply
    const one = byNo(await list('Order')).get('RT-LO-01')!
    expect((await save('Order', { updateRecords: [{ Id: one.Id, Quantity: 121 }] })).status).toBe(
      200,
    )
    const snapshot = await list('Order')
    const stale = await upload('Order', file, `?mode=apply&token=${preview.body.data!.token}`)
    expect(stale.status).toBe(400)
    expect(stale.body.msg).toBe(
      'The records or the file changed since the preview; import the file again and check the new preview',
    )
    expect((await upload('Order', file, '?mode=apply')).status).toBe(400)
    expect(await list('Order')).toEqual(snapshot)
  })
})

describe('matching, refusals and atomicity', () => {
  let orderId = 0
  beforeAll(async () => {
    expect(
      (
        await save('Order', {
          insertRecords: [{ OrderNo: 'QA-1', Quantity: 100, Customer: 'c', PartName: 'p' }],
        })
      ).status,
    ).toBe(200)
    orderId = Number(byNo(await list('Order')).get('QA-1')!.Id)
  })

  it('refuses the whole file when one row is refused: unknown Id, repeated key, bad value', async () => {
    expect(
      (
        await save('Purchase', {
          insertRecords: [
            { OrderId: orderId, Supplier: 'S1', Material: 'm', Quantity: 5 },
            { OrderId: orderId, Supplier: 'S2', Material: 'm', Quantity: 6 },
          ],
        })
      ).status,
    ).toBe(200)
    const [a, b] = await list('Purchase', { orderId })
    const file = await sheet(
      ['Id', '订单号', '供应商', '数量'],
      [
        [Number(a!.Id), 'QA-1', 'S1 changed', 5],
        [999999, 'QA-1', 'S9', 1],
        [Number(b!.Id), 'QA-1', 'S2', -1],
        [Number(a!.Id), 'QA-1', 'S1 again', 5],
        ['', 'QA-1', 'new one', 3],
      ],
    )
    const preview = await upload('Purchase', file, '?mode=preview')
    expect(preview.status).toBe(200)
    expect(preview.body.data).toMatchObject({ insertRows: 1, updateRows: 1, unchangedRows: 0 })
    expect(preview.body.data!.rejectedRows.map((r) => [r.row, r.field, r.reason])).toEqual([
      [3, 'Id', 'No record has this Id (leave the Id empty for a new record)'],
      [4, 'Quantity', 'Must not be less than 0'],
      [5, 'Id', 'This record appears twice in the file'],
    ])
    const before = await list('Purchase')
    const applied = await upload('Purchase', file)
    expect(applied.status).toBe(400)
    expect(applied.body.msg).toBe('3 row(s) refused; nothing was imported')
    expect(await list('Purchase')).toEqual(before)
  })

  it('stores nothing when the save refuses a later row after earlier rows were written (one transaction)', async () => {
    expect(
      (
        await save('Quality', {
          insertRecords: [
            { OrderId: orderId, Item: 'A', Quantity: 10, QualifiedQuantity: 9 },
            { OrderId: orderId, Item: 'B', Quantity: 10, QualifiedQuantity: 10 },
          ],
        })
      ).status,
    ).toBe(200)
    const [a, b] = await list('Quality', { orderId })
    const before = await list('Quality')
    // row 2 is a valid change; row 3 lowers the inspected quantity below the qualified one (a cross-field rule of the save)
    const file = await sheet(
      ['Id', '订单号', '项目', '检验数量', '合格数量'],
      [
        [Number(a!.Id), 'QA-1', 'A changed', 10, 9],
        [Number(b!.Id), 'QA-1', 'B', 5, 10],
        ['', 'QA-1', 'C new', 1, 1],
      ],
    )
    const r = await upload('Quality', file)
    expect(r.status).toBe(400)
    expect(r.body.data!.rejectedRows).toEqual([
      { row: 3, field: 'QualifiedQuantity', column: 'Qualified', reason: expect.any(String) },
    ])
    expect(await list('Quality')).toEqual(before)
  })

  it('treats a cleared cell as an empty value, and equal dates in another form as unchanged', async () => {
    expect(
      (
        await save('Order', {
          insertRecords: [
            {
              OrderNo: 'QA-2',
              Remark: 'to clear',
              JobStartTimeString: '2026-02-03',
              Customer: 'c',
              PartName: 'p',
              Quantity: 1,
            },
          ],
        })
      ).status,
    ).toBe(200)
    const file = await sheet(
      ['订单号', '备注', '开工日期'],
      [['QA-2', '', new Date(Date.UTC(2026, 1, 3))]],
    )
    const r = await upload('Order', file, '?mode=preview')
    expect(r.body.data!.changedRows).toEqual([
      {
        row: 2,
        key: 'QA-2',
        auditReset: false,
        fields: [{ field: 'Remark', column: 'Remark', from: 'to clear', to: '' }],
      },
    ])
  })

  it('shows each changed value as the grid does: days, yes/no and choice labels, area names, cleared and never filled as empty', async () => {
    const order = {
      OrderNo: 'QA-SHOW',
      Customer: 'c',
      PartName: 'p',
      Quantity: 1,
      Remark: 'keep',
      JobStartTimeString: '2026-02-03',
      RoughForging: true,
      Workshop: 1,
      CustomerArea: '440000,440300,440305',
    }
    expect((await save('Order', { insertRecords: [order] })).status).toBe(200)
    const file = await sheet(
      ['订单号', '开工日期', '毛坯锻件', '材料', '客户地区', '备注', '车间主管'],
      [['QA-SHOW', new Date(Date.UTC(2026, 1, 5)), false, '自购料', '广东省/东莞市', '', '王工']],
    )
    const fields = async (lang: string) =>
      (await upload('Order', file, '?mode=preview', lang)).body.data!.changedRows[0]!.fields.map(
        ({ field, from, to }) => [field, from, to],
      )
    expect(await fields('zh')).toEqual([
      ['JobStartTimeString', '2026-02-03', '2026-02-05'],
      ['RoughForging', '是', '否'],
      ['Workshop', '客供料', '自购料'],
      ['CustomerArea', '广东省/深圳市/南山区', '广东省/东莞市'],
      ['Remark', 'keep', ''],
      // never filled: nothing before
      ['WorkshopSupervisor', '', '王工'],
    ])
    expect((await fields('en')).slice(1, 3)).toEqual([
      ['RoughForging', 'Yes', 'No'],
      ['Workshop', 'Customer-supplied', 'Self-purchased'],
    ])
  })

  it('resets the audit of an order whose audited cell is cleared, or filled for the first time', async () => {
    expect(
      (
        await save('Order', {
          insertRecords: [
            {
              OrderNo: 'QA-5',
              WorkshopSupervisor: '法兰',
              Customer: 'c',
              PartName: 'p',
              Quantity: 1,
            },
            { OrderNo: 'QA-6', Customer: 'c', PartName: 'p', Quantity: 1 },
            {
              OrderNo: 'QA-7',
              WorkshopSupervisor: '轴',
              Customer: 'c',
              PartName: 'p',
              Quantity: 1,
            },
          ],
        })
      ).status,
    ).toBe(200)
    const rows = byNo(await list('Order'))
    expect(
      (
        await audit(
          'Order',
          ['QA-5', 'QA-6', 'QA-7'].map((no) => rows.get(no)!.Id),
        )
      ).status,
    ).toBe(200)
    // QA-5's supervisor cleared, QA-6's given for the first time, QA-7's kept
    const file = await sheet(
      ['订单号', '车间主管'],
      [
        ['QA-5', ''],
        ['QA-6', '齿轮'],
        ['QA-7', '轴'],
      ],
    )
    const preview = await upload('Order', file, '?mode=preview')
    expect(preview.body.data!.changedRows.map((r) => [r.key, r.auditReset])).toEqual([
      ['QA-5', true],
      ['QA-6', true],
    ])
    expect((await upload('Order', file)).status).toBe(200)
    const after = byNo(await list('Order'))
    expect(
      ['QA-5', 'QA-6', 'QA-7'].map((no) => [
        after.get(no)!.WorkshopSupervisor ?? '',
        after.get(no)!.AuditStatus,
      ]),
    ).toEqual([
      ['', 0],
      ['齿轮', 0],
      ['轴', 1],
    ])
  })

  it('resets audit exactly as an inline edit of the same field does', async () => {
    expect(
      (
        await save('Order', {
          insertRecords: [
            { OrderNo: 'QA-3', Remark: 'x', Customer: 'c', PartName: 'p', Quantity: 1 },
            { OrderNo: 'QA-4', Remark: 'x', Customer: 'c', PartName: 'p', Quantity: 1 },
          ],
        })
      ).status,
    ).toBe(200)
    const rows = byNo(await list('Order'))
    await audit('Order', [rows.get('QA-3')!.Id, rows.get('QA-4')!.Id])
    // inline edit of QA-3's remark, import of QA-4's remark
    expect(
      (await save('Order', { updateRecords: [{ Id: rows.get('QA-3')!.Id, Remark: 'y' }] })).status,
    ).toBe(200)
    const file = await sheet(['订单号', '备注'], [['QA-4', 'y']])
    const preview = await upload('Order', file, '?mode=preview')
    expect((await upload('Order', file)).status).toBe(200)
    const after = byNo(await list('Order'))
    const inline = after.get('QA-3')!.AuditStatus
    expect(after.get('QA-4')!.AuditStatus).toBe(inline)
    expect(preview.body.data!.changedRows[0]!.auditReset).toBe(inline === 0)
  })
})

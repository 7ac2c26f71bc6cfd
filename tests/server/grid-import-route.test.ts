import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { testTrigger } from './helpers/test-trigger.ts'

/**
 * What `{Kind}/Upload` answers and records around the plan: the whole answer of a
 * refused file, the preview's count of refused rows, the system log line and the metrics
 * outcome of an import, an apply without a token, and a save refusing a new row after another.
 */
let t: TestApp
let token = ''
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  token = await signIn(t.app, 'admin')
})
afterAll(() => t.close())

async function sheet(header: ExcelJS.CellValue[], rows: ExcelJS.CellValue[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Sheet1')
  ws.addRow(header)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
async function upload(kind: string, file: Buffer, query = '') {
  const boundary = '----forgeline-route'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${kind}/Upload${query}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      lang: 'en',
    },
  })
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data: unknown },
  }
}
const importCount = async (outcome: string) => {
  const { values } = await t.app.metrics.transferSeconds.get()
  return (
    values.find(
      (v) =>
        v.metricName?.endsWith('_count') &&
        v.labels.direction === 'import' &&
        v.labels.grid === 'Order' &&
        v.labels.outcome === outcome,
    )?.value ?? 0
  )
}
const orderCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('{Kind}/Upload around the plan', () => {
  it('answers a refused file whole: rows counted once each, sorted refusals, no token, nothing applied', async () => {
    const file = await sheet(
      ['OrderNo', 'Customer', 'PartName', 'Quantity', 'UnitPrice', 'Foo'],
      [
        ['RT-OK', 'c', 'p', 1, 1, 'x'],
        ['RT-BAD-1', 'c', 'p', -1, 1.2345, 'x'],
        ['RT-BAD-2', 'c', 'p', 1, -1, 'x'],
      ],
    )
    const refusedBefore = await importCount('refused')
    const before = await orderCount()
    const r = await upload('Order', file)
    expect(r.status).toBe(400)
    expect(r.body).toEqual({
      code: 400,
      msg: '2 row(s) refused; nothing was imported',
      data: {
        insertRows: 0,
        updateRows: 0,
        unchangedRows: 0,
        rejectedRows: [
          { row: 3, field: 'Quantity', column: 'Quantity', reason: 'Must not be less than 0' },
          { row: 3, field: 'UnitPrice', column: 'Unit price', reason: 'At most 3 decimals' },
          { row: 4, field: 'UnitPrice', column: 'Unit price', reason: 'Must not be less than 0' },
        ],
        changedRows: [],
        ignoredColumns: ['Foo'],
        applied: false,
        token: '',
      },
    })
    expect(await orderCount()).toBe(before)
    expect(await importCount('refused')).toBe(refusedBefore + 1)

    const preview = await upload('Order', file, '?mode=preview')
    expect(preview.status).toBe(200)
    expect(preview.body.msg).toBe(
      'Preview: 1 new, 0 changed, 0 unchanged, 2 refused; nothing imported yet',
    )
    expect(preview.body.data).toMatchObject({ insertRows: 1, applied: false })
  })

  it('refuses an apply without a token before reading the file', async () => {
    const r = await upload('Order', Buffer.from('not even a spreadsheet'), '?mode=apply')
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe(
      'The records or the file changed since the preview; import the file again and check the new preview',
    )
  })

  it('logs an applied import with its counts and answers the previewed token', async () => {
    const file = await sheet(
      ['OrderNo', 'Customer', 'PartName', 'Quantity', 'Bar'],
      [
        ['LOG-1', 'c', 'p', 1, 'x'],
        ['LOG-2', 'c', 'p', 2, 'y'],
      ],
    )
    const okBefore = await importCount('ok')
    const preview = await upload('Order', file, '?mode=preview')
    const planToken = (preview.body.data as { token: string }).token
    const r = await upload('Order', file, `?mode=apply&token=${planToken}`)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      code: 200,
      msg: 'Imported: 2 new, 0 changed, 0 unchanged',
      data: {
        insertRows: 2,
        updateRows: 0,
        unchangedRows: 0,
        rejectedRows: [],
        changedRows: [],
        ignoredColumns: ['Bar'],
        applied: true,
        token: planToken,
      },
    })
    expect(await importCount('ok')).toBe(okBefore + 2)
    const logs = await t.db.db
      .selectFrom('system_log')
      .select(['account', 'operation', 'log_type', 'result'])
      .where('operation', '=', 'Import Order')
      .execute()
    expect(logs).toEqual([
      {
        account: 'admin',
        operation: 'Import Order',
        log_type: 'database',
        result: 'success: inserted 2, updated 0, unchanged 0',
      },
    ])
  })

  it('reports a new row the save refuses by its own row number, after a new row it accepts', async () => {
    const saved = await postCommon(t, token, 'SaveOrder', {
      insertRecords: [{ OrderNo: 'QS-1', Customer: 'c', PartName: 'p', Quantity: 1 }],
    })
    expect(saved.status).toBe(200)
    const file = await sheet(
      ['订单号', '项目', '检验数量', '合格数量'],
      [
        ['QS-1', 'A', 10, 9],
        ['QS-1', 'B', 5, 10],
      ],
    )
    const r = await upload('Quality', file)
    expect(r.status).toBe(400)
    expect(r.body.data).toMatchObject({
      rejectedRows: [
        { row: 3, field: 'QualifiedQuantity', column: 'Qualified', reason: expect.any(String) },
      ],
      applied: false,
    })
    expect(await t.db.db.selectFrom('quality').selectAll().execute()).toEqual([])
  })

  it('lists the rows the save refuses in file order, an update after a new row above it; shows a changed date as a day', async () => {
    const order = { OrderNo: 'QS-2', Customer: 'c', PartName: 'p', Quantity: 1 }
    expect((await postCommon(t, token, 'SaveOrder', { insertRecords: [order] })).status).toBe(200)
    const record = { OrderNo: 'QS-2', Item: 'A', Quantity: 10, QualifiedQuantity: 9 }
    const saved = await postCommon(t, token, 'SaveQuality', {
      insertRecords: [{ ...record, InspectDateString: '2026-03-01' }],
    })
    expect(saved.status).toBe(200)
    const { id } = await t.db.db.selectFrom('quality').select('id').executeTakeFirstOrThrow()
    const header = ['编号', '订单号', '项目', '检验数量', '合格数量', '检验日期']
    const day = new Date(Date.UTC(2026, 2, 5))
    // the save checks updates before new rows: its refusals come the other way round
    const r = await upload(
      'Quality',
      await sheet(header, [
        ['', 'QS-2', 'B', 5, 6, day],
        [id, 'QS-2', 'A', 10, 11, day],
      ]),
    )
    expect(r.status).toBe(400)
    expect(
      (r.body.data as { rejectedRows: { row: number }[] }).rejectedRows.map((x) => x.row),
    ).toEqual([2, 3])
    const preview = await upload(
      'Quality',
      await sheet(header, [[id, 'QS-2', 'A', 10, 9, day]]),
      '?mode=preview',
    )
    expect(
      (preview.body.data as { changedRows: { fields: unknown[] }[] }).changedRows[0]!.fields,
    ).toEqual([
      {
        field: 'InspectDateString',
        column: 'Inspection date',
        from: '2026-03-01',
        to: '2026-03-05',
      },
    ])
    // a stored record keeps its order: a blank order number is refused, not applied
    const blank = await upload(
      'Quality',
      await sheet(header, [[id, '', 'A', 10, 9, day]]),
      '?mode=preview',
    )
    expect(blank.body.data).toMatchObject({
      updateRows: 0,
      unchangedRows: 0,
      rejectedRows: [
        { row: 2, field: 'OrderNo', column: 'Order number', reason: 'Order number required' },
      ],
    })
    await t.db.db.deleteFrom('quality').execute()
  })

  it('answers 409 when the database refuses a row the plan passed (a write in between), and keeps none of the file', async () => {
    // another user's write lands between the plan and the write: here a trigger refuses WR-2
    const drop = await testTrigger(
      t.db,
      'refuse_wr_2',
      'orders',
      `create trigger refuse_wr_2 before insert on orders when new.order_no = 'WR-2'
         begin select raise(abort, 'taken meanwhile'); end`,
      {
        when: 'before insert on orders',
        condition: "new.order_no = 'WR-2'",
        body: "raise exception 'taken meanwhile' using errcode = '23505'; return new;",
      },
    )
    try {
      const file = await sheet(
        ['OrderNo', 'Customer', 'PartName', 'Quantity'],
        [
          ['WR-1', 'c', 'p', 1],
          ['WR-2', 'c', 'p', 2],
        ],
      )
      const before = await orderCount()
      const r = await upload('Order', file)
      expect(r.status).toBe(409)
      expect(r.body).toMatchObject({
        code: 409,
        msg: 'The database refused a row while writing (another user may just have changed the records); nothing was imported. Import the file again and check the new preview',
      })
      expect(await orderCount()).toBe(before)
    } finally {
      await drop()
    }
  })
})

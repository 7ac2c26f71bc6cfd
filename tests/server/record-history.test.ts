import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Record history: every save, audit, import and deletion of a record leaves exactly
 * its history rows with the field-level diff, in the save's transaction; the history call shows
 * them only to those who may use the record's screen, without the columns their role hides.
 */
let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'staff', 'editor'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Row = Record<string, unknown>
type Entry = {
  Id: number
  At: string
  UserName: string
  How: string
  Action: string
  Changes: { field: string; old: unknown; new: unknown }[]
}

async function call(
  who: string,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as Row,
    headers: { authorization: `Bearer ${tokens[who]}`, lang: 'en', ...headers },
  })
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data: unknown },
  }
}
const save = (
  postUrl: string,
  postData: Row,
  headers: Record<string, string> = {},
  who = 'admin',
) => call(who, 'PostData/PostCommon', { postUrl, postData }, headers)
const history = async (recordType: string, recordId: number | string, who = 'admin') => {
  const r = await call(who, 'History/GetList', { recordType, recordId })
  return { status: r.status, entries: (r.body.data as { result: Entry[] } | null)?.result ?? [] }
}
const rows = (recordType: string, recordId: number | string) =>
  t.db.db
    .selectFrom('record_history')
    .selectAll()
    .where('record_type', '=', recordType)
    .where('record_id', '=', String(recordId))
    .orderBy('id')
    .execute()
const orderId = async (no: string) =>
  Number(
    (
      await t.db.db
        .selectFrom('orders')
        .select('id')
        .where('order_no', '=', no)
        .executeTakeFirstOrThrow()
    ).id,
  )
const changesOf = (r: { changes: string }) => JSON.parse(r.changes) as Entry['Changes']

async function upload(
  kind: string,
  header: string[],
  values: ExcelJS.CellValue[][],
  query: string,
) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Sheet1')
  ws.addRow(header)
  for (const v of values) ws.addRow(v)
  const data = Buffer.from(await wb.xlsx.writeBuffer())
  const boundary = `----forgeline-history-${Date.now()}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
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
      authorization: `Bearer ${tokens.admin}`,
      lang: 'en',
    },
  })
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data: { token: string } | null },
  }
}

describe('order history rows, one per change, in the save transaction', () => {
  let id = 0
  beforeAll(async () => {
    const made = await save(
      'SaveOrder',
      {
        insertRecords: [
          { OrderNo: 'H-0001', Customer: 'Acme', PartName: 'Flange', Quantity: 10, UnitPrice: 2.5 },
        ],
      },
      { 'sec-fetch-site': 'same-origin' },
    )
    expect(made.status, made.body.msg).toBe(200)
    id = await orderId('H-0001')
  })

  it('a create records who, how and every given field', async () => {
    const [created, ...rest] = await rows('Order', id)
    expect(rest).toEqual([])
    expect(created).toMatchObject({ action: 'create', how: 'screen', user_name: 'admin' })
    expect(changesOf(created!)).toEqual(
      expect.arrayContaining([
        { field: 'OrderNo', old: null, new: 'H-0001' },
        { field: 'Quantity', old: null, new: 10 },
        { field: 'TotalSum', old: null, new: 25 },
      ]),
    )
  })

  it('an edit leaves one update row with exactly the changed fields (offline replay recognised)', async () => {
    const r = await save(
      'SaveOrder',
      { updateRecords: [{ Id: id, Quantity: 12, Remark: 'rush' }] },
      { 'x-forgeline-via': 'offline', 'idempotency-key': 'history-edit-0001' },
    )
    expect(r.status, r.body.msg).toBe(200)
    const all = await rows('Order', id)
    expect(all).toHaveLength(2)
    expect(all[1]).toMatchObject({ action: 'update', how: 'offline', user_name: 'admin' })
    expect(changesOf(all[1]!)).toEqual([
      { field: 'Remark', old: '', new: 'rush' },
      { field: 'Quantity', old: 10, new: 12 },
      { field: 'TotalSum', old: 25, new: 30 },
    ])
  })

  it('an audit leaves one audit row with the audit state change', async () => {
    const r = await save('AuditOrder', { updateRecords: [{ Id: id, AuditStatus: 1 }] })
    expect(r.status, r.body.msg).toBe(200)
    const all = await rows('Order', id)
    expect(all).toHaveLength(3)
    expect(all[2]).toMatchObject({ action: 'audit', how: 'api' })
    expect(changesOf(all[2]!)).toEqual([{ field: 'AuditStatus', old: 0, new: 1 }])
  })

  // the import parses in a worker: slow on a loaded machine
  it(
    'an import leaves one import row per changed record with its diff',
    { timeout: 120_000 },
    async () => {
      const header = ['Order number', 'Quantity']
      const preview = await upload('Order', header, [['H-0001', 20]], '?mode=preview')
      expect(preview.status, preview.body.msg).toBe(200)
      const applied = await upload(
        'Order',
        header,
        [['H-0001', 20]],
        `?mode=apply&token=${preview.body.data!.token}`,
      )
      expect(applied.status, applied.body.msg).toBe(200)
      expect(applied.body.msg).toBe('Imported: 0 new, 1 changed, 0 unchanged')
      const all = await rows('Order', id)
      expect(all).toHaveLength(4)
      expect(all[3]).toMatchObject({ action: 'import', how: 'import' })
      // the changed quantity sends the audited order back to pending review
      expect(changesOf(all[3]!)).toEqual([
        { field: 'AuditStatus', old: 1, new: 0 },
        { field: 'Quantity', old: 12, new: 20 },
        { field: 'TotalSum', old: 30, new: 50 },
      ])
    },
  )

  it('a failed save leaves no history row (same transaction)', async () => {
    // the first record is valid, the second names an unknown order: the whole call is refused
    const r = await save('SaveOrder', {
      updateRecords: [
        { Id: id, Quantity: 99 },
        { Id: 9_999_999, Quantity: 1 },
      ],
    })
    expect(r.status).toBe(400)
    expect(await rows('Order', id)).toHaveLength(4)
  })

  // the import parses in a worker: slow on a loaded machine
  it(
    'an import the database refuses part-way changes nothing, leaves no history row and says so',
    { timeout: 120_000 },
    async () => {
      const made = await save('SaveOrder', {
        insertRecords: [{ OrderNo: 'H-0002', Customer: 'Acme', PartName: 'Hub', Quantity: 5 }],
      })
      expect(made.status, made.body.msg).toBe(200)
      const other = await orderId('H-0002')
      const before = await rows('Order', id)
      const beforeOther = await rows('Order', other)
      // a database rule the plan does not know: an order's quantity may not become 777
      if (t.db.dialect === 'postgres') {
        await sql`CREATE FUNCTION refuse_777() RETURNS trigger AS $$ BEGIN IF NEW.quantity = 777 THEN RAISE EXCEPTION 'quantity 777' USING ERRCODE = '23514'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
          t.db.db,
        )
        await sql`CREATE TRIGGER refuse_777 BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION refuse_777()`.execute(
          t.db.db,
        )
      } else {
        await sql`CREATE TRIGGER refuse_777 BEFORE UPDATE ON orders WHEN NEW.quantity = 777 BEGIN SELECT RAISE(ABORT, 'quantity 777'); END`.execute(
          t.db.db,
        )
      }
      try {
        const header = ['Order number', 'Quantity']
        // the first row is written, the second is refused by the database: all is rolled back
        const file = [
          ['H-0001', 21],
          ['H-0002', 777],
        ]
        const preview = await upload('Order', header, file, '?mode=preview')
        expect(preview.status, preview.body.msg).toBe(200)
        const applied = await upload(
          'Order',
          header,
          file,
          `?mode=apply&token=${preview.body.data!.token}`,
        )
        expect(applied.status, applied.body.msg).toBe(409)
        expect(applied.body.msg).toBe(
          'The database refused a row while writing (another user may just have changed the records); nothing was imported. Import the file again and check the new preview',
        )
        const quantities = await t.db.db
          .selectFrom('orders')
          .select(['order_no', 'quantity'])
          .where('order_no', 'in', ['H-0001', 'H-0002'])
          .orderBy('order_no')
          .execute()
        expect(quantities.map((q) => [q.order_no, Number(q.quantity)])).toEqual([
          ['H-0001', 20],
          ['H-0002', 5],
        ])
        expect(await rows('Order', id)).toEqual(before)
        expect(await rows('Order', other)).toEqual(beforeOther)
      } finally {
        await sql`DROP TRIGGER refuse_777${t.db.dialect === 'postgres' ? sql` ON orders` : sql``}`.execute(
          t.db.db,
        )
      }
    },
  )

  it('the history call answers newest first; a delete leaves a row with the old values, seen by administrators only', async () => {
    const h = await history('Order', id)
    expect(h.status).toBe(200)
    expect(h.entries.map((e) => e.Action)).toEqual(['import', 'audit', 'update', 'create'])
    expect((await history('Order', id, 'staff')).status).toBe(200)
    const r = await save('SaveOrder', { removeRecords: [{ Id: id }] })
    expect(r.status, r.body.msg).toBe(200)
    const all = await rows('Order', id)
    expect(all).toHaveLength(5)
    expect(all[4]).toMatchObject({ action: 'delete' })
    expect(changesOf(all[4]!)).toEqual(
      expect.arrayContaining([
        { field: 'OrderNo', old: 'H-0001', new: null },
        { field: 'Quantity', old: 20, new: null },
      ]),
    )
    expect((await history('Order', id, 'staff')).status).toBe(403)
    expect((await history('Order', id)).entries[0]!.Action).toBe('delete')
    const deleted = await call('admin', 'History/GetDeleted', {})
    expect(
      (deleted.body.data as { result: { RecordType: string; RecordId: string }[] }).result[0],
    ).toMatchObject({ RecordType: 'Order', RecordId: String(id) })
    expect((await call('staff', 'History/GetDeleted', {})).status).toBe(403)
  })
})

describe('who sees a history', () => {
  let id = 0
  beforeAll(async () => {
    await save('SaveOrder', {
      insertRecords: [
        { OrderNo: 'H-0002', Customer: 'Hidden Co', PartName: 'Shaft', Quantity: 5, UnitPrice: 4 },
      ],
    })
    id = await orderId('H-0002')
    await save('SaveOrder', { updateRecords: [{ Id: id, UnitPrice: 5, Customer: 'Secret Buyer' }] })
    await save('SaveOrder', { updateRecords: [{ Id: id, UnitPrice: 6 }] })
  })
  afterAll(() => save('SaveRole', { updateRecords: [{ Code: 'staff', Permissions: [] }] }))

  it('a role with hidden columns sees neither the columns nor their values', async () => {
    const hide = await save('SaveRole', {
      updateRecords: [
        {
          Code: 'staff',
          Permissions: ['column-UnitPrice-show-false', 'column-Customer-show-false'],
        },
      ],
    })
    expect(hide.status, hide.body.msg).toBe(200)
    const admin = await history('Order', id)
    expect(JSON.stringify(admin.entries)).toContain('Secret Buyer')
    const staff = await history('Order', id, 'staff')
    expect(staff.status).toBe(200)
    const text = JSON.stringify(staff.entries)
    // the total goes with the hidden price (src/shared/derived-fields.ts): total / quantity = price
    for (const hidden of ['UnitPrice', 'TotalSum', 'Customer', 'Secret Buyer', 'Hidden Co'])
      expect(text).not.toContain(hidden)
    expect(
      staff.entries.every((e) =>
        e.Changes.every((c) => !['UnitPrice', 'TotalSum', 'Customer'].includes(c.field)),
      ),
    ).toBe(true)
    // the two edits changed only hidden fields (price, total, customer): they are left out
    expect(staff.entries.map((e) => e.Action)).toEqual(['create'])
    expect(admin.entries.map((e) => e.Action)).toEqual(['update', 'update', 'create'])
  })

  it('a user without the screen gets 403, also when their role holds the ability', async () => {
    const r = await history('Order', id, 'editor')
    expect(r.status).toBe(403)
    expect(r.entries).toEqual([])
    const role = await t.db.db
      .selectFrom('roles')
      .select('abilities')
      .where('code', '=', 'editor')
      .executeTakeFirstOrThrow()
    const abilities = [...(JSON.parse(role.abilities) as string[]), 'ORDERS']
    expect(
      (await save('SaveRole', { updateRecords: [{ Code: 'editor', Abilities: abilities }] }))
        .status,
    ).toBe(200)
    expect((await history('Order', id, 'editor')).status).toBe(403)
  })
})

describe('content and system settings history', () => {
  it('a user edit records the change and never the password hash', async () => {
    const users = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'staff')
      .executeTakeFirstOrThrow()
    const r = await save('SaveUser', {
      updateRecords: [{ Id: users.id, RealName: 'Renamed Staff' }],
    })
    expect(r.status, r.body.msg).toBe(200)
    const reset = await save('ResetUserPassword', {
      updateRecords: [{ Id: users.id, Password: 'a-new-pass-123' }],
    })
    expect(reset.status, reset.body.msg).toBe(200)
    const all = await rows('User', users.id)
    expect(changesOf(all[0]!)).toEqual([
      { field: 'RealName', old: expect.any(String), new: 'Renamed Staff' },
    ])
    expect(all.map((a) => a.changes).join()).not.toMatch(/password|hash|scrypt/i)
  })

  it('a role edit records its menu entries, a news item its create', async () => {
    const r = await save('SaveRole', {
      updateRecords: [{ Code: 'editor', NameEn: 'Content editor 2' }],
    })
    expect(r.status, r.body.msg).toBe(200)
    expect(changesOf((await rows('Role', 'editor')).at(-1)!)).toEqual([
      { field: 'NameEn', old: expect.any(String), new: 'Content editor 2' },
    ])
    const news = await save('SaveNews', {
      insertRecords: [{ Title: '新闻', TitleEn: 'News item', Summary: 's', Body: '<p>b</p>' }],
    })
    expect(news.status, news.body.msg).toBe(200)
    const newsId = (
      await t.db.db.selectFrom('news').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id
    const [created] = await rows('News', newsId)
    expect(created).toMatchObject({ action: 'create' })
    expect(changesOf(created!)).toEqual(
      expect.arrayContaining([{ field: 'TitleEn', old: null, new: 'News item' }]),
    )
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RoleRow } from '#shared/contract/system-roles'
import { sheetRows, workbook } from './helpers/hostile-workbooks.ts'
import { post, postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * An import stores rows as `SaveOrder` would, so a role whose grid permissions hide the
 * Add button cannot insert rows through `Order/Upload`, and one that hides Save cannot store any
 * (SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp
let admin = ''
let staff = ''
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  admin = await signIn(t.app, 'admin')
  // a custom role with the staff screens (orders among them) and its own grid permissions
  const roles = (await post<{ result: RoleRow[] }>(t, admin, 'Role/GetList')).data.result
  const base = roles.find((r) => r.Code === 'staff')!
  const made = await postCommon(t, admin, 'SaveRole', {
    insertRecords: [
      {
        Code: 'importer',
        Name: '导入员',
        NameEn: 'Importer',
        Abilities: base.Abilities,
        Permissions: [],
        MenuIds: base.MenuIds,
      },
    ],
  })
  expect(made.status, made.msg).toBe(200)
  const user = await t.db.db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', 'staff')
    .executeTakeFirstOrThrow()
  expect(
    (await postCommon(t, admin, 'SaveUser', { updateRecords: [{ Id: user.id, Role: 'importer' }] }))
      .status,
  ).toBe(200)
  staff = await signIn(t.app, 'staff')
  const order = await postCommon(t, admin, 'SaveOrder', {
    insertRecords: [{ OrderNo: 'BTN-1', Customer: 'Acme', PartName: 'Flange', Quantity: 1 }],
  })
  expect(order.status, order.msg).toBe(200)
})
afterAll(() => t.close())

const permit = (Permissions: string[]) =>
  postCommon(t, admin, 'SaveRole', { updateRecords: [{ Code: 'importer', Permissions }] })

async function upload(file: Buffer, query = '') {
  const boundary = '----import-buttons'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
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
      authorization: `Bearer ${staff}`,
      lang: 'en',
    },
  })
  const body = res.json() as {
    msg: string
    data: { token: string; insertRows: number; updateRows: number } | null
  }
  return { status: res.statusCode, msg: body.msg, data: body.data }
}

const newRow = workbook({ rows: sheetRows([['BTN-NEW', 'Acme', 'Flange', 2]]) })
const changedRow = (qty: number) =>
  workbook({ rows: sheetRows([['BTN-1', 'Acme', 'Flange', qty]]) })
const stored = async () =>
  t.db.db
    .selectFrom('orders')
    .select(['order_no', 'quantity'])
    .where('order_no', 'like', 'BTN-%')
    .orderBy('order_no')
    .execute()

describe('import and the grid buttons of SaveOrder', () => {
  it('refuses new rows to a role without the Add button (preview and apply), still applying its updates', async () => {
    expect((await permit(['button-add-show-false'])).status).toBe(200)
    const addMsg =
      'Your role may not add records (the Add button is hidden): the file has 1 new row(s); nothing was imported'
    expect(await upload(newRow, '?mode=preview')).toMatchObject({ status: 403, msg: addMsg })
    expect(await upload(newRow)).toMatchObject({ status: 403, msg: addMsg })
    expect(await stored()).toEqual([{ order_no: 'BTN-1', quantity: 1 }])
    // what SaveOrder allows the role, an update, the import allows too
    const r = await upload(changedRow(5))
    expect(r.status, r.msg).toBe(200)
    expect(await stored()).toEqual([{ order_no: 'BTN-1', quantity: 5 }])
  })

  it('refuses every stored row to a role without the Save button', async () => {
    expect((await permit(['button-save-show-false'])).status).toBe(200)
    const saveMsg = (n: number) =>
      `Your role may not save records (the Save button is hidden): the file would store ${n} row(s); nothing was imported`
    expect(await upload(changedRow(7))).toMatchObject({ status: 403, msg: saveMsg(1) })
    expect(await upload(newRow)).toMatchObject({ status: 403, msg: saveMsg(1) })
    expect(await stored()).toEqual([{ order_no: 'BTN-1', quantity: 5 }])
  })

  it('checks the buttons again inside the apply: a button hidden after the preview refuses its token', async () => {
    expect((await permit([])).status).toBe(200)
    const preview = await upload(newRow, '?mode=preview')
    expect(preview.status, preview.msg).toBe(200)
    expect(preview.data?.insertRows).toBe(1)
    expect((await permit(['button-add-show-false'])).status).toBe(200)
    expect((await upload(newRow, `?mode=apply&token=${preview.data!.token}`)).status).toBe(403)
    expect(await stored()).toEqual([{ order_no: 'BTN-1', quantity: 5 }])
    expect((await permit([])).status).toBe(200)
    expect((await upload(newRow, `?mode=apply&token=${preview.data!.token}`)).status).toBe(200)
    expect(await stored()).toEqual([
      { order_no: 'BTN-1', quantity: 5 },
      { order_no: 'BTN-NEW', quantity: 2 },
    ])
  })
})

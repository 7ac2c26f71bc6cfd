import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LogRow } from '#shared/contract/system-log'
import { defineOperation, registerOperation } from '#server/modules/post-common/registry'
import { writeLog } from '#server/modules/system/log-repository'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'
import { post, postCommon } from './helpers/system-calls.ts'

// an operation that fails inside the server, as a bug would
registerOperation(
  defineOperation({
    postUrl: 'TestLogBoom',
    permission: 'signedIn',
    async run() {
      throw new Error('boom')
    },
  }),
)

let t: TestApp
const tokens = { admin: '', editor: '', staff: '' }

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

const logs = async (body: Record<string, unknown> = {}) =>
  (
    await post<{ result: LogRow[]; total: number }>(t, tokens.admin, 'Log/GetList', {
      pageSize: 100,
      ...body,
    })
  ).data

describe('operation and security log', () => {
  it('records sign-in, permission denials, attacks, interface exceptions and every save', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'staff', password: 'wrong-password' },
    })
    await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'staff', password: testPasswords.staff },
    })
    await post(t, tokens.staff, 'Role/GetList')
    // an order save and a content save
    expect(
      (
        await postCommon(t, tokens.staff, 'SaveOrder', {
          insertRecords: [
            { OrderNo: 'LOG-1', Quantity: 1, UnitPrice: 1, Customer: 'c', PartName: 'p' },
          ],
        })
      ).status,
    ).toBe(200)
    expect((await postCommon(t, tokens.editor, 'SaveCarousel', { updateRecords: [] })).status).toBe(
      200,
    )
    // rejected input that looks like an attack; a plain mistake is not flagged
    expect(
      (
        await postCommon(t, tokens.staff, 'SaveOrder', {
          insertRecords: [{ OrderNo: "x' OR '1'='1", Quantity: -1 }],
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await postCommon(t, tokens.staff, 'SaveOrder', {
          insertRecords: [{ OrderNo: 'fine', Quantity: -1 }],
        })
      ).status,
    ).toBe(400)
    expect(
      (await post(t, tokens.staff, 'Order/GetList', { pageSize: '<script>alert(1)</script>' }))
        .status,
    ).toBe(400)

    expect((await postCommon(t, tokens.staff, 'TestLogBoom', {})).status).toBe(500)

    const staff = (await logs({ account: 'staff' })).result
    const results = staff.map((l) => [l.Operation, l.Result])
    expect(results).toEqual(
      expect.arrayContaining([
        ['login', 'login failure'],
        ['login', 'login success'],
        ['POST /api/Role/GetList', 'permission denied'],
        ['PostCommon SaveOrder', 'success: inserted 1, updated 0, removed 0'],
        ['POST /api/PostData/PostCommon', 'attack'],
        ['POST /api/Order/GetList', 'attack'],
        ['POST /api/PostData/PostCommon', 'interface exception'],
      ]),
    )
    expect(results.filter(([, r]) => r === 'attack')).toHaveLength(2)
    expect((await logs({ account: 'editor' })).result.map((l) => l.Operation)).toContain(
      'PostCommon SaveCarousel',
    )
    expect(staff.every((l) => l.Ip !== '' && !Number.isNaN(Date.parse(l.CreateTimeString)))).toBe(
      true,
    )
  })

  it('filters by type, result, operation and days, pages, and is for administrators only', async () => {
    expect(
      (await logs({ logType: 'database' })).result.every((l) => l.LogType === 'database'),
    ).toBe(true)
    expect((await logs({ result: 'success' })).result.map((l) => l.Result)).toEqual(
      expect.arrayContaining(['success: inserted 1, updated 0, removed 0']),
    )
    expect((await logs({ result: 'login failure' })).result.map((l) => l.Account)).toEqual([
      'staff',
    ])
    expect((await logs({ keyword: 'SaveCarousel' })).total).toBe(1)
    const today = new Date().toISOString().slice(0, 10)
    expect((await logs({ from: today, to: today })).total).toBe((await logs()).total)
    expect((await logs({ to: '2000-01-01' })).total).toBe(0)
    const page2 = await post<{ result: LogRow[] }>(t, tokens.admin, 'Log/GetList', {
      pageSize: 2,
      pageIndex: 2,
    })
    expect(page2.data.result).toHaveLength(2)
    expect((await post(t, tokens.admin, 'Log/GetList', { from: 'yesterday' })).status).toBe(400)
    expect((await post(t, tokens.editor, 'Log/GetList')).status).toBe(403)
    expect((await post(t, tokens.staff, 'Log/Export')).status).toBe(403)
  })

  it('exports the filter as .xlsx with formula-like text escaped', async () => {
    await writeLog(t.db.db, {
      account: '=HYPERLINK("http://evil")',
      operation: '+cmd',
      logType: 'system',
      result: '@SUM(1)',
      ip: '-1',
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Log/Export',
      headers: { authorization: `Bearer ${tokens.admin}`, lang: 'en' },
      payload: { keyword: 'cmd' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['x-total-count']).toBe('1')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Id',
      'Account',
      'Operation',
      'Log type',
      'Result',
      'IP',
      'Time',
    ])
    const row = ws.getRow(2)
    expect([
      row.getCell(2).value,
      row.getCell(3).value,
      row.getCell(5).value,
      row.getCell(6).value,
    ]).toEqual([`'=HYPERLINK("http://evil")`, "'+cmd", "'@SUM(1)", "'-1"])
    expect(row.getCell(7).value).toBeInstanceOf(Date)
    expect(ws.rowCount).toBe(2)
  })
})

import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportLayout } from '#server/modules/grid-excel/export-layout'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/*
 * An export laid out as the user's grid: the grid's column order (the user's saved one, sent as
 * `columnOrder`) and its formats (the job start a day, as the grid shows it, without hh:mm).
 */
describe('the layout of an export', () => {
  const cols = [
    { field: 'Id', type: 'int' },
    { field: 'OrderNo', type: 'text' },
    { field: 'Customer', type: 'text' },
    { field: 'JobStartTimeString', type: 'time' },
    { field: 'AuditStatus', type: 'audit' },
    { field: 'CreateTimeString', type: 'time' },
    { field: 'RowVersion', type: 'int' },
  ] as const

  it('follows the column order, keeps the unlisted after it and the row version last', () => {
    const out = exportLayout(cols.slice(), [
      'RowVersion',
      'JobStartTimeString',
      'NoSuch',
      'OrderNo',
    ])
    expect(out.map((c) => c.field)).toEqual([
      'JobStartTimeString',
      'OrderNo',
      'Id',
      'Customer',
      'AuditStatus',
      'CreateTimeString',
      'RowVersion',
    ])
  })

  it('writes the job start as a day, the creation time with its time', () => {
    const out = exportLayout(cols.slice())
    expect(out.find((c) => c.field === 'JobStartTimeString')?.type).toBe('date')
    expect(out.find((c) => c.field === 'CreateTimeString')?.type).toBe('time')
    expect(out.map((c) => c.field)).toEqual(cols.map((c) => c.field))
  })
})

let t: TestApp
let token = ''
beforeAll(async () => {
  t = await createTestApp()
  token = await signIn(t.app, 'admin')
})
afterAll(() => t.close())

async function exported(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Order/Export',
    headers: { authorization: `Bearer ${token}`, lang: 'en' },
    payload: body,
  })
  expect(res.statusCode).toBe(200)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  return wb.worksheets[0]!
}

describe('Order/Export', () => {
  it('puts the columns in the order the grid asked for', async () => {
    const ws = await exported({ columnOrder: ['PartName', 'Quantity', 'OrderNo', 'Customer'] })
    const header = (ws.getRow(1).values as unknown[]).slice(1)
    expect(header.slice(0, 4)).toEqual(['Part', 'Quantity', 'Order number', 'Customer'])
  })

  it('writes the job start as a date without hours and minutes', async () => {
    const ws = await exported({})
    const header = (ws.getRow(1).values as unknown[]).slice(1)
    const col = header.indexOf('Job start') + 1
    expect(col).toBeGreaterThan(0)
    expect(ws.getRow(2).getCell(col).numFmt).toBe('yyyy-mm-dd')
    expect(ws.getRow(2).getCell(col).value).toBeInstanceOf(Date)
    const created = header.indexOf('Created') + 1
    expect(created).toBeGreaterThan(0)
    expect(ws.getRow(2).getCell(created).numFmt).toBe('yyyy-mm-dd hh:mm')
  })

  it('refuses a column order that is not a list of field names', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Order/Export',
      headers: { authorization: `Bearer ${token}` },
      payload: { columnOrder: ['Order No; DROP'] },
    })
    expect(res.statusCode).toBe(400)
  })
})

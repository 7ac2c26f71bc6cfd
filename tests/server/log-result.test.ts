import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeLog } from '#server/modules/system/log-repository'
import { logResultIn } from '#server/modules/system/log-result'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/*
 * The operation log reads in one language: the server writes a save's result once, in English
 * words and figures; the Chinese log and its export read it in Chinese, the English in English.
 */
describe('a log result in the reader language', () => {
  it('reads a save, an import and the worded results in Chinese or English', () => {
    const save = 'success: inserted 0, updated 1, removed 0'
    expect(logResultIn(save, 'zh')).toBe('成功：新增 0，修改 1，删除 0')
    expect(logResultIn(save, 'en')).toBe('Success: 0 added, 1 changed, 0 removed')
    const load = 'success: inserted 3, updated 2, unchanged 7'
    expect(logResultIn(load, 'zh')).toBe('成功：新增 3，修改 2，未变 7')
    expect(logResultIn('permission denied', 'zh')).toBe('没有权限')
    expect(logResultIn('login success', 'en')).toBe('Login success')
    expect(logResultIn('sent to 13800000000', 'zh')).toBe('已发送至 13800000000')
    // anything else stays as written
    expect(logResultIn('@SUM(1)', 'zh')).toBe('@SUM(1)')
  })
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('the log export', () => {
  it('writes the result column in the language asked for', async () => {
    await writeLog(t.db.db, {
      account: 'admin',
      operation: 'PostCommon SaveOrderExportLang',
      logType: 'database',
      result: 'success: inserted 0, updated 1, removed 0',
      ip: '127.0.0.1',
    })
    const token = await signIn(t.app, 'admin')
    for (const [lang, text] of [
      ['zh', '成功：新增 0，修改 1，删除 0'],
      ['en', 'Success: 0 added, 1 changed, 0 removed'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Log/Export',
        headers: { authorization: `Bearer ${token}`, lang },
        payload: { keyword: 'SaveOrderExportLang' },
      })
      expect(res.statusCode).toBe(200)
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
      expect(wb.worksheets[0]!.getRow(2).getCell(5).value).toBe(text)
    }
  })
})

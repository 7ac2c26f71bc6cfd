import fs from 'node:fs'
import ExcelJS from 'exceljs'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

const baseURL = inject('baseURL')
const open: Browser[] = []
afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})
const browser = async (size: { width: number; height: number }) => {
  const b = await openBrowser(size)
  open.push(b)
  return b
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
async function xlsx(header: ExcelJS.CellValue[], rows: ExcelJS.CellValue[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Sheet1')
  ws.addRow(header)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
const toast = (page: Browser['page']) => page.locator('.adm-toast-mask').textContent()
const orders = (keyword: string) =>
  staffApi<{ total: number; result: Record<string, unknown>[] }>(baseURL, 'admin', 'Order/GetList', { keyword, pageSize: 100 })

describe('grid Excel import and export through the toolbar', () => {
  it('imports a file, lists the refused rows of a bad one, and exports the filtered rows (desktop)', async () => {
    const b = await browser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/order/order')
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBeGreaterThan(0)

    const good = await xlsx(['订单号', '客户', '数量', '单价'], [['E2E-XLS-1', 'Excel 客户', 5, 2.5], ['E2E-XLS-2', 'Excel 客户', 6, 1.25]])
    await page.getByTestId('grid-import-file').setInputFiles({ name: 'orders.xlsx', mimeType: xlsxType, buffer: good })
    await expect.poll(() => toast(page)).toContain('已导入 2 行')
    expect((await orders('E2E-XLS-')).total).toBe(2)

    const bad = await xlsx(['订单号', '数量', '单价'], [['E2E-XLS-3', 1, 1], ['', 1, 1], ['E2E-XLS-4', -1, 1], ['E2E-XLS-5', 1, 1.2345]])
    await page.getByTestId('grid-import-file').setInputFiles({ name: 'bad.xlsx', mimeType: xlsxType, buffer: bad })
    const report = page.getByTestId('import-report')
    await expect.poll(() => report.isVisible()).toBe(true)
    expect(await report.getByTestId('import-rejected-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row')))).toEqual(['3', '4', '5'])
    expect(await report.textContent()).toContain('订单号必填')
    expect((await orders('E2E-XLS-')).total).toBe(2)
    await report.getByRole('button', { name: '关闭' }).click()
    await expect.poll(() => report.count()).toBe(0)

    await page.getByRole('searchbox').fill('E2E-XLS-')
    await page.getByRole('searchbox').press('Enter')
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBe(2)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('grid-export').click()])
    expect(download.suggestedFilename()).toMatch(/^Order-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer)
    const numbers: unknown[] = []
    wb.worksheets[0]!.eachRow((row, n) => n > 1 && numbers.push(row.getCell(1).value))
    expect(numbers.sort()).toEqual(['E2E-XLS-1', 'E2E-XLS-2'])
  })

  it('imports supplier forms on the phone screen (SupplierForm/Upload)', async () => {
    const b = await browser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/supplier/forms')
    await expect.poll(() => page.getByTestId('data-grid').isVisible()).toBe(true)
    expect(await page.getByTestId('grid-add').count()).toBe(0)
    const file = await xlsx(['公司', '联系人', '手机'], [['E2E 供应商甲', '王工', '13700137000']])
    await page.getByTestId('grid-import-file').setInputFiles({ name: 'forms.xlsx', mimeType: xlsxType, buffer: file })
    await expect.poll(() => toast(page)).toContain('已导入 1 行')
    await expect.poll(() => page.getByTestId('grid-cards').textContent()).toContain('E2E 供应商甲')
  })
})

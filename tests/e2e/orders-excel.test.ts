import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
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
  staffApi<{ total: number; result: Record<string, unknown>[] }>(
    baseURL,
    'admin',
    'Order/GetList',
    { keyword, pageSize: 100 },
  )

describe('grid Excel import and export through the toolbar', () => {
  it('imports a file, lists the refused rows of a bad one, and exports the filtered rows (desktop)', async () => {
    const b = await browser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/order/order')
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBeGreaterThan(0)

    const good = await xlsx(
      ['订单号', '客户', '零件', '数量', '单价'],
      [
        ['E2E-XLS-1', 'Excel 客户', '曲轴', 5, 2.5],
        ['E2E-XLS-2', 'Excel 客户', '连杆', 6, 1.25],
      ],
    )
    await page
      .getByTestId('grid-import-file')
      .setInputFiles({ name: 'orders.xlsx', mimeType: xlsxType, buffer: good })
    const preview = page.getByTestId('import-preview')
    await expect.poll(() => preview.isVisible()).toBe(true)
    expect(await preview.textContent()).toContain('预览：新增 2 行')
    expect((await orders('E2E-XLS-')).total).toBe(0)
    await preview.getByTestId('import-apply').click()
    await expect.poll(() => toast(page)).toContain('已导入：新增 2 行')
    expect((await orders('E2E-XLS-')).total).toBe(2)

    // refused rows are listed in the preview, which cannot be applied
    const bad = await xlsx(
      ['订单号', '客户', '零件', '数量', '单价'],
      [
        ['E2E-XLS-3', 'c', 'p', 1, 1],
        ['', 'c', 'p', 1, 1],
        ['E2E-XLS-4', 'c', 'p', -1, 1],
        ['E2E-XLS-5', 'c', 'p', 1, 1.2345],
      ],
    )
    await page
      .getByTestId('grid-import-file')
      .setInputFiles({ name: 'bad.xlsx', mimeType: xlsxType, buffer: bad })
    await expect.poll(() => preview.getByTestId('import-rejected-row').count()).toBe(3)
    expect(
      await preview
        .getByTestId('import-rejected-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row'))),
    ).toEqual(['3', '4', '5'])
    expect(await preview.textContent()).toContain('订单号必填')
    expect(await preview.getByTestId('import-apply').isDisabled()).toBe(true)
    await preview.getByTestId('import-cancel').click()
    await expect.poll(() => preview.count()).toBe(0)
    expect((await orders('E2E-XLS-')).total).toBe(2)

    await page.getByRole('searchbox').fill('E2E-XLS-')
    await page.getByRole('searchbox').press('Enter')
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBe(2)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('grid-export').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^Order-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer)
    const numbers: unknown[] = []
    wb.worksheets[0]!.eachRow((row, n) => n > 1 && numbers.push(row.getCell(1).value))
    expect(numbers.sort()).toEqual(['E2E-XLS-1', 'E2E-XLS-2'])
  })

  it('imports an .xls file saved by LibreOffice on a phone (SPEC: .xls and .xlsx)', async () => {
    const b = await browser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/order/order')
    await expect.poll(() => page.getByTestId('data-grid').isVisible()).toBe(true)
    expect(await page.getByTestId('grid-import-file').getAttribute('accept')).toContain('.xls')
    // made by tests/fixtures/spreadsheets/make-fixtures.sh (soffice --convert-to xls from orders.csv)
    await page
      .getByTestId('grid-import-file')
      .setInputFiles(
        fileURLToPath(new URL('../fixtures/spreadsheets/orders-libreoffice.xls', import.meta.url)),
      )
    const preview = page.getByTestId('import-preview')
    await expect.poll(() => preview.isVisible()).toBe(true)
    expect(await preview.textContent()).toContain('预览：新增 3 行')
    await preview.getByTestId('import-apply').click()
    await expect.poll(() => toast(page)).toContain('已导入：新增 3 行')
    const imported = await orders('LO-XLS-')
    expect(imported.result.map((o) => o.OrderNo).sort()).toEqual([
      'LO-XLS-001',
      'LO-XLS-002',
      'LO-XLS-003',
    ])
    // LibreOffice kept the result of `=1+1`; it is read as text, never evaluated
    expect(imported.result.find((o) => o.OrderNo === 'LO-XLS-002')).toMatchObject({
      Customer: 'Wuxi Forging',
      Quantity: 80,
      Remark: '2',
    })
  })

  it('imports supplier forms on the phone screen (SupplierForm/Upload)', async () => {
    const b = await browser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/supplier/forms')
    await expect.poll(() => page.getByTestId('data-grid').isVisible()).toBe(true)
    expect(await page.getByTestId('grid-add').count()).toBe(0)
    const file = await xlsx(['公司', '联系人', '手机'], [['E2E 供应商甲', '王工', '13700137000']])
    await page
      .getByTestId('grid-import-file')
      .setInputFiles({ name: 'forms.xlsx', mimeType: xlsxType, buffer: file })
    await expect.poll(() => page.getByTestId('import-apply').isVisible()).toBe(true)
    await page.getByTestId('import-apply').click()
    await expect.poll(() => toast(page)).toContain('已导入：新增 1 行')
    await expect.poll(() => page.getByTestId('grid-cards').textContent()).toContain('E2E 供应商甲')
  })

  it('round trip: an order export edited in LibreOffice changes exactly the edited orders, after a preview', async () => {
    const fixtures = new URL('../fixtures/spreadsheets/', import.meta.url)
    const source = JSON.parse(
      fs.readFileSync(new URL('round-trip-orders.json', fixtures), 'utf8'),
    ) as Record<string, unknown>[]
    const numbers = new Set([...source.map((o) => String(o.OrderNo)), 'RT-LO-06'])
    const mine = async () => {
      const all = await staffApi<{ result: Record<string, unknown>[] }>(
        baseURL,
        'admin',
        'Order/GetList',
        { pageSize: 1000 },
      )
      return new Map(
        all.result.filter((r) => numbers.has(String(r.OrderNo))).map((r) => [String(r.OrderNo), r]),
      )
    }
    await staffApi(baseURL, 'admin', 'PostData/PostCommon', {
      postUrl: 'SaveOrder',
      postData: { insertRecords: source },
    })
    const created = await mine()
    expect(created.size).toBe(5)
    await staffApi(baseURL, 'admin', 'PostData/PostCommon', {
      postUrl: 'AuditOrder',
      postData: { updateRecords: [...created.values()].map((r) => ({ Id: r.Id, AuditStatus: 1 })) },
    })
    const before = await mine()

    const b = await browser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/order/order')
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBeGreaterThan(0)
    await page
      .getByTestId('grid-import-file')
      .setInputFiles(fileURLToPath(new URL('order-export-edited.xlsx', fixtures)))
    const preview = page.getByTestId('import-preview')
    await expect.poll(() => preview.isVisible()).toBe(true)
    expect(await preview.textContent()).toContain(
      '预览：新增 1 行，修改 2 行，未变 3 行，有误 0 行；尚未导入',
    )
    const changed = preview.getByTestId('import-changed-row')
    expect(
      await changed.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key'))),
    ).toEqual(['RT-LO-02', 'RT-LO-04'])
    expect(await changed.nth(0).textContent()).toMatch(/数量: ?80 ?→ ?95/)
    expect(await changed.nth(1).textContent()).toMatch(/备注: ?首件检验 ?→ ?加急/)
    expect(await changed.nth(0).textContent()).toContain('审核 → 待审核')
    // the preview changed nothing
    expect(await mine()).toEqual(before)

    await preview.getByTestId('import-apply').click()
    await expect.poll(() => toast(page)).toContain('已导入：新增 1 行，修改 2 行，未变 3 行')
    const after = await mine()
    for (const no of ['RT-LO-01', 'RT-LO-03', '1005']) expect(after.get(no)).toEqual(before.get(no))
    expect(after.get('RT-LO-02')).toMatchObject({
      Quantity: 95,
      Remark: before.get('RT-LO-02')!.Remark,
      Customer: before.get('RT-LO-02')!.Customer,
      AuditStatus: 0,
    })
    expect(after.get('RT-LO-04')).toMatchObject({
      Remark: '加急',
      Quantity: before.get('RT-LO-04')!.Quantity,
      AuditStatus: before.get('RT-LO-04')!.AuditStatus,
    })
    expect(after.get('RT-LO-06')).toMatchObject({ Customer: '新客户', Quantity: 10 })
  })
})

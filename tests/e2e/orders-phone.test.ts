import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/** Shop-floor staff on a phone (390x844, touch). */
const baseURL = inject('baseURL')
const open: Browser[] = []
afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})
const phoneBrowser = async () => {
  const b = await openBrowser(phone)
  open.push(b)
  // the app's dialogs only: a native confirm() fails the test
  b.page.on('dialog', (d) => {
    nativeDialogs.push(d.message())
    void d.dismiss()
  })
  return b
}
const nativeDialogs: string[] = []
afterEach(() => {
  expect(nativeDialogs.splice(0)).toEqual([])
})

const postCommon = (user: 'admin' | 'staff', postUrl: string, postData: unknown) =>
  staffApi(baseURL, user, 'PostData/PostCommon', { postUrl, postData })
const serverRows = (kind: string, body: Record<string, unknown>) =>
  staffApi<{ total: number; result: Record<string, unknown>[] }>(
    baseURL,
    'admin',
    `${kind}/GetList`,
    { pageSize: 1000, ...body },
  )
/** A new order through the API (it becomes the newest card); audited too when asked. */
async function newOrder(orderNo: string, customer: string, audited = false) {
  await postCommon('staff', 'SaveOrder', {
    insertRecords: [
      { OrderNo: orderNo, Customer: customer, PartName: '曲轴', Quantity: 10, UnitPrice: 2.5 },
    ],
  })
  const [order] = (await serverRows('Order', { orderNo })).result
  if (audited)
    await postCommon('admin', 'AuditOrder', {
      updateRecords: [{ Id: order!.Id, AuditStatus: 1, AuditComment: '' }],
    })
  return order!.Id as number
}
const card = (page: Page, id: number | string) =>
  page.locator(`[data-testid="grid-row"][data-id="${String(id)}"]`)
const newCard = (page: Page) => page.locator('[data-testid="grid-row"][data-id^="-"]').first()
const form = (page: Page) => page.getByTestId('grid-form')
const done = (page: Page) => form(page).getByRole('button', { name: '完成' }).click()
const toast = (page: Page) => page.locator('.adm-toast-mask').textContent()

/** A finger pulling down `distance` px from a point, in small moves, then lifted. */
async function pull(b: Browser, x: number, y: number, distance: number) {
  const cdp = await b.context.newCDPSession(b.page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let d = 10; d <= distance; d += 10)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: y + d }],
    })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

describe('order cards on a phone', () => {
  it('a refused edit shows what was typed and marks each failing field with its message; cards show the audit state', async () => {
    const id = await newOrder('E2E-CARD-1', '卡片测试客户')
    const b = await phoneBrowser()
    const { page } = b
    await signInAs(b, baseURL, '/order/order', 'staff')
    await expect.poll(() => card(page, id).count()).toBe(1)
    expect(await card(page, id).locator('.grid-card-title .grid-tag').textContent()).toBe('待审核')

    await card(page, id).locator('.grid-card-body').click()
    await form(page).locator('input[name=Quantity]').fill('12.5')
    await form(page).locator('input[name=UnitPrice]').fill('1.23456')
    await done(page)
    await page.getByTestId('grid-save').click()
    await expect.poll(() => card(page, id).textContent()).toContain('点按修改标记的字段')
    const quantity = card(page, id).locator('.grid-card-fields [data-field=Quantity]')
    const price = card(page, id).locator('.grid-card-fields [data-field=UnitPrice]')
    // what was typed, not "13" and "1.235"
    expect(await quantity.locator('dd').textContent()).toContain('12.5')
    expect(await price.locator('dd').textContent()).toContain('1.23456')
    expect(await quantity.getAttribute('class')).toContain('has-error')
    expect(await price.getAttribute('class')).toContain('has-error')
    expect(await quantity.textContent()).toContain('数量必须是整数')
    expect(await price.textContent()).toContain('最多保留3位小数')
    // the fields that passed are not marked
    expect(await card(page, id).locator('.grid-card-fields .has-error').count()).toBe(2)
    expect((await serverRows('Order', { orderNo: 'E2E-CARD-1' })).result[0]).toMatchObject({
      Quantity: 10,
      UnitPrice: 2.5,
    })
  })

  it('asks before an edit that sends an audited order back to audit, showing each change; a remark alone does not ask', async () => {
    const id = await newOrder('E2E-AUDIT-1', '审核测试客户', true)
    const b = await phoneBrowser()
    const { page } = b
    await signInAs(b, baseURL, '/order/order', 'admin')
    await expect
      .poll(() => card(page, id).locator('.grid-tag').first().textContent())
      .toBe('已通过')

    // a remark: saved without a question, the audit stays
    await card(page, id).locator('.grid-card-body').click()
    expect(await page.getByTestId('grid-form-audit').textContent()).toContain('数量')
    await form(page).locator('input[name=Remark]').fill('客户电话确认')
    await done(page)
    await page.getByTestId('grid-save').click()
    await expect
      .poll(async () => (await serverRows('Order', { orderNo: 'E2E-AUDIT-1' })).result[0]?.Remark)
      .toBe('客户电话确认')
    expect(await page.getByTestId('audit-reset-confirm').count()).toBe(0)
    expect((await serverRows('Order', { orderNo: 'E2E-AUDIT-1' })).result[0]?.AuditStatus).toBe(1)

    // the quantity: the app's dialog names the record, the field and old -> new
    await expect.poll(() => card(page, id).locator('.grid-card-body').isVisible()).toBe(true)
    await card(page, id).locator('.grid-card-body').click()
    await form(page).locator('input[name=Quantity]').fill('12')
    await form(page).locator('input[name=Remark]').fill('改为12件')
    await done(page)
    await page.getByTestId('grid-save').click()
    const dialog = page.getByTestId('audit-reset-confirm')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    const record = dialog.locator(`[data-testid="audit-reset-record"][data-id="${id}"]`)
    expect(await record.textContent()).toContain('E2E-AUDIT-1')
    expect(await record.locator('[data-field=Quantity]').textContent()).toBe('数量 10 → 12')
    expect(await record.locator('[data-field=Remark]').count()).toBe(0)
    await page.getByTestId('audit-reset-cancel').click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect((await serverRows('Order', { orderNo: 'E2E-AUDIT-1' })).result[0]).toMatchObject({
      Quantity: 10,
      AuditStatus: 1,
    })

    // asked again and confirmed: saved, back to pending
    await page.getByTestId('grid-save').click()
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await page.getByTestId('audit-reset-ok').click()
    await expect
      .poll(async () => (await serverRows('Order', { orderNo: 'E2E-AUDIT-1' })).result[0])
      .toMatchObject({ Quantity: 12, Remark: '改为12件', AuditStatus: 0 })
    await expect
      .poll(() => card(page, id).locator('.grid-tag').first().textContent())
      .toBe('待审核')
  })
})

describe('a purchase on a phone', () => {
  it('chooses its order in a search sheet by customer and carries a unit', async () => {
    await newOrder('E2E-PICK-1', '拾取测试客户')
    const b = await phoneBrowser()
    const { page } = b
    await signInAs(b, baseURL, '/supplier/purchase', 'staff')
    await expect.poll(() => page.getByTestId('grid-cards').isVisible()).toBe(true)
    await page.getByTestId('grid-add').click()
    await newCard(page).locator('.grid-card-body').click()
    await form(page).getByTestId('order-picker-open').click()
    const sheet = page.getByTestId('order-picker')
    await expect.poll(() => sheet.isVisible()).toBe(true)
    await sheet.getByRole('searchbox').fill('拾取测试')
    const choice = sheet.getByTestId('order-picker-choice').filter({ hasText: 'E2E-PICK-1' })
    await expect.poll(() => choice.count()).toBe(1)
    expect(await choice.textContent()).toContain('拾取测试客户')
    await choice.click()
    await expect.poll(() => sheet.count()).toBe(0)
    expect(await form(page).getByTestId('order-picker-open').textContent()).toBe('E2E-PICK-1')
    // a supplier nobody used before: typed in its search sheet and used as typed
    await form(page).getByTestId('suggest-Supplier-open').click()
    const suppliers = page.getByTestId('suggest-Supplier')
    await suppliers.getByRole('searchbox').fill('无锡标准件厂')
    await suppliers.getByTestId('suggest-Supplier-free').click()
    await expect.poll(() => suppliers.count()).toBe(0)
    expect(await form(page).getByTestId('suggest-Supplier-open').textContent()).toBe('无锡标准件厂')
    await form(page).locator('input[name=Material]').fill('42CrMo4 圆钢')
    await form(page).locator('input[name=Quantity]').fill('200')
    await form(page).locator('select[name=Unit]').selectOption({ label: '件' })
    await done(page)
    await page.getByTestId('grid-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    const [row] = (await serverRows('Purchase', { orderNo: 'E2E-PICK-1' })).result
    expect(row).toMatchObject({
      OrderNo: 'E2E-PICK-1',
      Supplier: '无锡标准件厂',
      Quantity: 200,
      Unit: 'pcs',
    })
    await expect.poll(() => card(page, row!.Id as number).count()).toBe(1)
  })
})

describe('a purchase on a wide screen', () => {
  it('suggests existing orders as the order number is typed', async () => {
    await newOrder('E2E-SUGGEST-1', '联想测试客户')
    const b = await openBrowser(desktop)
    open.push(b)
    const { page } = b
    await signInAs(b, baseURL, '/supplier/purchase', 'staff')
    await expect.poll(() => page.getByTestId('data-grid').isVisible()).toBe(true)
    await page.getByTestId('grid-add').click()
    const input = newCard(page).locator('input[name=OrderNo]')
    await input.fill('联想测试')
    const option = page
      .getByTestId('order-picker-suggestions')
      .getByRole('option')
      .filter({ hasText: 'E2E-SUGGEST-1' })
    await expect.poll(() => option.count()).toBe(1)
    await option.click()
    expect(await input.inputValue()).toBe('E2E-SUGGEST-1')
  })
})

describe('pull to refresh on a phone', () => {
  it('a 240 px pull refreshes a staff page; with unsaved edits it asks in the app dialog first', async () => {
    const b = await phoneBrowser()
    const { page } = b
    let lists = 0
    page.on('request', (r) => void (r.url().includes('/api/Order/GetList') && lists++))
    await signInAs(b, baseURL, '/admin/index', 'staff')
    await expect.poll(() => page.getByTestId('dashboard').isVisible()).toBe(true)
    await expect.poll(() => lists).toBeGreaterThan(0)
    const main = (await page.locator('main').boundingBox())!
    const before = lists
    await pull(b, main.x + main.width / 2, main.y + 40, 240)
    await expect.poll(() => lists).toBeGreaterThan(before)

    // the orders grid with an unsaved change: the app's dialog, and Cancel keeps the change
    await page.goto(`${baseURL}/order/order`)
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBeGreaterThan(2)
    await page.getByTestId('grid-add').click()
    await expect.poll(() => newCard(page).count()).toBe(1)
    const box = (await page.getByTestId('grid-cards').boundingBox())!
    await pull(b, box.x + box.width / 2, box.y + 20, 240)
    // the app's dialog (its root has no box of its own: its buttons show it)
    const ask = page.locator('.shell-confirm')
    const cancel = page.locator('.shell-confirm-cancel')
    await expect.poll(() => cancel.isVisible()).toBe(true)
    expect(await ask.textContent()).toContain('有输入内容尚未保存，仍要刷新吗？')
    await cancel.click()
    await expect.poll(() => ask.count()).toBe(0)
    expect(await newCard(page).count()).toBe(1)
    const count = lists
    await pull(b, box.x + box.width / 2, box.y + 20, 240)
    await expect.poll(() => page.locator('.shell-confirm-ok').isVisible()).toBe(true)
    await page.locator('.shell-confirm-ok').click()
    await expect.poll(() => lists).toBeGreaterThan(count)
    await expect.poll(() => newCard(page).count()).toBe(0)
  })
})

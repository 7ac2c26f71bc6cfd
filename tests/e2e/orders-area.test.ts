import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/** The customer's area of an order, from the division data (SPEC §3 region items). */
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
const serverOrder = async (orderNo: string) =>
  (
    await staffApi<{ result: Record<string, unknown>[] }>(baseURL, 'admin', 'Order/GetList', {
      orderNo,
    })
  ).result[0]
const newRow = (page: Page) => page.locator('[data-testid="grid-row"][data-id^="-"]').first()
const toast = (page: Page) => page.locator('.adm-toast-mask').textContent()

describe('customer area of an order', () => {
  it('desktop: three linked selects, provinces grouped by region; saved as codes and shown by name', async () => {
    const b = await browser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/order/order')
    await page.getByTestId('grid-add').click()
    await newRow(page).locator('input[name=OrderNo]').fill('E2E-AREA-1')
    await newRow(page).locator('input[name=Customer]').fill('地区测试客户')
    await newRow(page).locator('input[name=PartName]').fill('地区测试零件')
    await newRow(page).locator('input[name=Quantity]').fill('1')
    const province = newRow(page).getByRole('combobox', { name: '省份' })
    // SPEC §3 regions group the provinces
    expect(await province.locator('optgroup[label="华南"] option').allTextContents()).toContain(
      '广东省',
    )
    await province.selectOption({ label: '广东省' })
    await newRow(page).getByRole('combobox', { name: '城市' }).selectOption({ label: '深圳市' })
    await newRow(page).getByRole('combobox', { name: '区县' }).selectOption({ label: '南山区' })
    await page.getByTestId('grid-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    const order = (await serverOrder('E2E-AREA-1'))!
    expect(order.CustomerArea).toBe('440000,440300,440305')
    const cell = page.locator(
      `[data-testid="grid-row"][data-id="${String(order.Id)}"] [data-field=CustomerArea]`,
    )
    await expect.poll(() => cell.textContent()).toContain('广东省 / 深圳市 / 南山区')
  })

  it('phone: a cascade sheet in the card form (province, city, district)', async () => {
    const b = await browser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/order/order', 'staff')
    await expect.poll(() => page.getByTestId('grid-cards').isVisible()).toBe(true)
    await page.getByTestId('grid-add').click()
    await newRow(page).locator('.grid-card-body').click()
    const form = page.getByTestId('grid-form')
    await form.locator('input[name=OrderNo]').fill('E2E-AREA-2')
    // required: the desktop test saved these names, so they are suggestions now; Enter uses the text as typed
    for (const [field, text] of [
      ['Customer', '地区测试客户'],
      ['PartName', '地区测试零件'],
    ] as const) {
      await form.getByTestId(`suggest-${field}-open`).click()
      const search = page.getByTestId(`suggest-${field}`).getByRole('searchbox')
      await search.fill(text)
      await search.press('Enter')
      await expect
        .poll(() => page.getByTestId(`suggest-${field}`).count(), { timeout: 20_000 })
        .toBe(0)
      await expect
        .poll(() => form.getByTestId(`suggest-${field}-open`).textContent(), { timeout: 20_000 })
        .toBe(text)
    }
    await form.locator('input[name=Quantity]').fill('1')
    await form.getByRole('button', { name: /^客户地区/ }).click()
    const sheet = page.getByTestId('area-picker')
    await sheet.waitFor()
    for (const name of ['江苏省', '常州市', '武进区'])
      await sheet.getByTestId('area-choice').filter({ hasText: name }).first().click()
    await expect.poll(() => sheet.count()).toBe(0)
    await expect
      .poll(() => form.getByRole('button', { name: /^客户地区/ }).textContent())
      .toBe('江苏省 / 常州市 / 武进区')
    await form.getByRole('button', { name: '完成' }).click()
    await page.getByTestId('grid-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    expect((await serverOrder('E2E-AREA-2'))!.CustomerArea).toBe('320000,320400,320412')
  })
})

import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/** Issue 35: required grid fields, marked * on the card and its form, refused by the server (390x844, touch). */
const baseURL = inject('baseURL')
const open: Browser[] = []
afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})

const newCard = (page: Page) => page.locator('[data-testid="grid-row"][data-id^="-"]').first()
const form = (page: Page) => page.getByTestId('grid-form')
/** the form row of a field, by its input's id */
const formRow = (page: Page, key: string) =>
  form(page)
    .locator('.grid-form-row')
    .filter({ has: page.locator(`[id="grid-form-${key}"]`) })
const marked = (page: Page, key: string) =>
  formRow(page, key).locator('label [data-required-mark]').count()
const orders = async (orderNo: string) =>
  (await staffApi<{ total: number }>(baseURL, 'admin', 'Order/GetList', { orderNo })).total
const notices = async (orderNo: string) =>
  (
    await staffApi<{ result: { OrderNo: string }[] }>(baseURL, 'admin', 'Notice/GetList', {
      pageSize: 100,
      createType: 2,
    })
  ).result.filter((n) => n.OrderNo === orderNo).length

describe('required order fields on a phone', () => {
  it('marks order number, customer, part and quantity with *; a save without customer and part is refused on the card form, stores nothing and notifies no one', async () => {
    const b = await openBrowser(phone)
    open.push(b)
    const { page } = b
    await signInAs(b, baseURL, '/order/order', 'staff')
    await expect.poll(() => page.getByTestId('grid-cards').isVisible()).toBe(true)
    await page.getByTestId('grid-add').tap()
    await newCard(page).locator('.grid-card-body').tap()
    await expect.poll(() => form(page).isVisible()).toBe(true)
    for (const key of ['OrderNo', 'Customer', 'PartName', 'Quantity'])
      expect(await marked(page, key), key).toBe(1)
    for (const key of ['UnitPrice', 'Remark', 'WorkshopSupervisor'])
      expect(await marked(page, key), key).toBe(0)
    // the mark is not read out as part of the label
    expect(await form(page).getByLabel('零件', { exact: true }).count()).toBe(1)

    await form(page).locator('input[name=OrderNo]').fill('E2E-REQ-1')
    await form(page).locator('input[name=Quantity]').fill('3')
    await form(page).getByRole('button', { name: '完成' }).tap()
    await page.getByTestId('grid-save').tap()
    await expect.poll(() => newCard(page).textContent()).toContain('点按修改标记的字段')
    await newCard(page).locator('.grid-card-body').tap()
    await expect
      .poll(() => formRow(page, 'PartName').locator('[role=alert]').textContent())
      .toBe('此项为必填项')
    expect(await formRow(page, 'Customer').locator('[role=alert]').textContent()).toBe(
      '此项为必填项',
    )
    expect(await formRow(page, 'OrderNo').locator('[role=alert]').count()).toBe(0)
    if (process.env.SHOTS)
      await page.screenshot({ path: `${process.env.SHOTS}/grid-required-phone.png` })
    expect(await orders('E2E-REQ-1')).toBe(0)
    expect(await notices('E2E-REQ-1')).toBe(0)

    // given, the order is stored and its notice sent
    await form(page).getByTestId('suggest-Customer-open').tap()
    await page.getByTestId('suggest-Customer').getByRole('searchbox').fill('必填测试客户')
    await page.getByTestId('suggest-Customer-free').tap()
    await expect.poll(() => page.getByTestId('suggest-Customer').count()).toBe(0)
    await form(page).getByTestId('suggest-PartName-open').tap()
    await page.getByTestId('suggest-PartName').getByRole('searchbox').fill('必填测试零件')
    await page.getByTestId('suggest-PartName-free').tap()
    await expect.poll(() => page.getByTestId('suggest-PartName').count()).toBe(0)
    await form(page).getByRole('button', { name: '完成' }).tap()
    await page.getByTestId('grid-save').tap()
    await expect.poll(() => orders('E2E-REQ-1')).toBe(1)
    await expect.poll(() => notices('E2E-REQ-1')).toBe(1)
  })
})

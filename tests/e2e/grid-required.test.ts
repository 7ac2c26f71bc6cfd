import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/** Required grid fields, marked * on the card and its form, refused by the server (390x844, touch). */
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

const texts = {
  zh: {
    locale: 'zh-CN',
    required: '此项为必填项',
    tapToFix: '点按修改标记的字段',
    done: '完成',
    quantity: '数量',
    partButton: '零件: 选择或输入',
  },
  en: {
    locale: 'en-US',
    required: 'This field is required',
    tapToFix: 'Tap to correct the marked fields',
    done: 'Done',
    quantity: 'Quantity',
    partButton: 'Part: Choose or type',
  },
} as const
/** the focused element's test id or name, and whether it lies wholly inside the screen */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    const r = el?.getBoundingClientRect()
    return {
      field: el?.getAttribute('data-testid') ?? el?.getAttribute('name') ?? el?.tagName ?? '',
      inView: !!r && r.top >= 0 && r.bottom <= window.innerHeight,
    }
  })
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png` })
}

describe('required order fields on a phone', () => {
  for (const lang of ['zh', 'en'] as const) {
    const x = texts[lang]
    it(`${lang}: marks order number, customer, part and quantity with *; a save without customer and part is refused on the card form (opened on the customer), stores nothing and notifies no one`, async () => {
      const orderNo = `E2E-REQ-${lang}`
      const b = await openBrowser(phone, x.locale)
      open.push(b)
      const { page } = b
      await signInAs(b, baseURL, '/order/order', 'staff')
      await expect
        .poll(() => page.getByTestId('grid-cards').isVisible(), { timeout: 20_000 })
        .toBe(true)
      await page.getByTestId('grid-add').tap()
      await newCard(page).locator('.grid-card-body').tap()
      await expect.poll(() => form(page).isVisible(), { timeout: 20_000 }).toBe(true)
      for (const key of ['OrderNo', 'Customer', 'PartName', 'Quantity'])
        expect(await marked(page, key), key).toBe(1)
      for (const key of ['UnitPrice', 'Remark', 'WorkshopSupervisor'])
        expect(await marked(page, key), key).toBe(0)
      // the mark is not read out as part of the name: an input, and a suggest field (a button
      // opening its search sheet on a phone, named by its label and value)
      expect(await form(page).getByLabel(x.quantity, { exact: true }).count()).toBe(1)
      expect(
        await form(page).getByRole('button', { name: x.partButton, exact: true }).count(),
      ).toBe(1)

      await form(page).locator('input[name=OrderNo]').fill(orderNo)
      await form(page).locator('input[name=Quantity]').fill('3')
      await form(page).getByRole('button', { name: x.done }).tap()
      await page.getByTestId('grid-save').tap()
      await expect
        .poll(() => newCard(page).textContent(), { timeout: 20_000 })
        .toContain(x.tapToFix)
      await newCard(page).locator('.grid-card-body').tap()
      await expect
        .poll(() => formRow(page, 'PartName').locator('[role=alert]').textContent(), {
          timeout: 20_000,
        })
        .toBe(x.required)
      expect(await formRow(page, 'Customer').locator('[role=alert]').textContent()).toBe(x.required)
      expect(await formRow(page, 'OrderNo').locator('[role=alert]').count()).toBe(0)
      // the form opens on its first field in error
      await expect
        .poll(() => focused(page), { timeout: 20_000 })
        .toEqual({ field: 'suggest-Customer-open', inView: true })
      await shot(page, `grid-required-phone-${lang}`)
      expect(await orders(orderNo)).toBe(0)
      expect(await notices(orderNo)).toBe(0)

      // given, the order is stored and its notice sent
      for (const [field, text] of [
        ['Customer', `必填测试客户-${lang}`],
        ['PartName', `必填测试零件-${lang}`],
      ] as const) {
        await form(page).getByTestId(`suggest-${field}-open`).tap()
        const search = page.getByTestId(`suggest-${field}`).getByRole('searchbox')
        await search.fill(text)
        await search.press('Enter')
        await expect
          .poll(() => page.getByTestId(`suggest-${field}`).count(), { timeout: 20_000 })
          .toBe(0)
      }
      await form(page).getByRole('button', { name: x.done }).tap()
      await page.getByTestId('grid-save').tap()
      await expect.poll(() => orders(orderNo), { timeout: 20_000 }).toBe(1)
      await expect.poll(() => notices(orderNo), { timeout: 20_000 }).toBe(1)
    })
  }
})

describe('required order fields on a wide screen', () => {
  for (const lang of ['zh', 'en'] as const) {
    const x = texts[lang]
    it(`${lang}: the column headers mark the required fields; a refused save goes to the first cell in error`, async () => {
      const orderNo = `E2E-REQ-D-${lang}`
      const b = await openBrowser(desktop, x.locale)
      open.push(b)
      const { page } = b
      await signInAs(b, baseURL, '/order/order', 'staff')
      await expect
        .poll(() => page.getByTestId('grid-table').isVisible(), { timeout: 20_000 })
        .toBe(true)
      const headerMarked = (key: string) =>
        page.getByTestId(`grid-th-${key}`).locator('[data-required-mark]').count()
      for (const key of ['OrderNo', 'Customer', 'PartName', 'Quantity'])
        expect(await headerMarked(key), key).toBe(1)
      expect(await headerMarked('UnitPrice')).toBe(0)
      await page.getByTestId('grid-add').click()
      await newCard(page).locator('input[name=OrderNo]').fill(orderNo)
      await newCard(page).locator('input[name=Quantity]').fill('2')
      await page.getByTestId('grid-save').click()
      const cellError = (key: string) => newCard(page).locator(`[data-field=${key}] [role=alert]`)
      await expect
        .poll(() => cellError('Customer').textContent(), { timeout: 20_000 })
        .toBe(x.required)
      expect(await cellError('PartName').textContent()).toBe(x.required)
      await expect
        .poll(() => focused(page), { timeout: 20_000 })
        .toEqual({ field: 'Customer', inView: true })
      await shot(page, `grid-required-desktop-${lang}`)
      expect(await orders(orderNo)).toBe(0)
    })
  }
})

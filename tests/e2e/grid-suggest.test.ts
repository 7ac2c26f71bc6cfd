import type { Browser as PwBrowser, Page } from 'playwright-core'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { openContext } from './helpers/a11y.ts'
import { axeViolations, describeViolations } from './helpers/axe.ts'
import { desktop, phone, sharedChromium, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/**
 * Auto-complete grid cells: values of earlier records, by keyboard on a desktop, in a
 * search sheet on a phone; the open list and sheet pass axe-core (contexts that let axe in).
 */
const baseURL = inject('baseURL')
let chromium: PwBrowser
beforeAll(async () => {
  chromium = await sharedChromium()
})
const open: Browser[] = []
afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})
const browser = async (size: { width: number; height: number }) => {
  const { context, page, errors } = await openContext(chromium, size, 'zh')
  const b: Browser = {
    context,
    page,
    close: async () => {
      await context.close()
      if (errors.length > 0) throw new Error(`uncaught errors in the page: ${errors.join('; ')}`)
    },
  }
  open.push(b)
  return b
}

const postCommon = (postUrl: string, postData: unknown) =>
  staffApi(baseURL, 'staff', 'PostData/PostCommon', { postUrl, postData })
const serverRows = (kind: string, body: Record<string, unknown>) =>
  staffApi<{ total: number; result: Record<string, unknown>[] }>(
    baseURL,
    'admin',
    `${kind}/GetList`,
    { pageSize: 1000, ...body },
  )
const newRow = (page: Page) => page.locator('[data-testid="grid-row"][data-id^="-"]').first()
const row = (page: Page, id: unknown) =>
  page.locator(`[data-testid="grid-row"][data-id="${String(id)}"]`)
const toast = (page: Page) => page.locator('.adm-toast-mask').textContent()
/** WCAG 2.1 AA (axe-core) of the page as it is now, as lines naming the state. */
const axe = async (page: Page, where: string) =>
  describeViolations(where, await axeViolations(page))

describe('suggested values in grid cells', () => {
  it('desktop: the customer of an earlier order is picked with the arrow keys and Enter, and saved', async () => {
    await postCommon('SaveOrder', {
      insertRecords: [
        {
          OrderNo: 'E2E-SUG-0',
          Customer: '键盘联想客户',
          PartName: '连杆',
          Quantity: 1,
          UnitPrice: 1,
        },
      ],
    })
    const b = await browser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/order/order', 'staff')
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBeGreaterThan(0)
    await page.getByTestId('grid-add').click()
    await newRow(page).locator('input[name=OrderNo]').fill('E2E-SUG-1')
    const customer = newRow(page).getByRole('combobox', { name: '客户' })
    await customer.click()
    await page.keyboard.type('键盘联想')
    const list = page.getByTestId('suggest-Customer-suggestions')
    await expect.poll(() => list.getByRole('option').allTextContents()).toEqual(['键盘联想客户'])
    expect(await customer.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('ArrowDown')
    const active = await customer.getAttribute('aria-activedescendant')
    expect(await list.getByRole('option').first().getAttribute('id')).toBe(active)
    expect(await axe(page, 'suggestion list open')).toEqual([])
    await page.keyboard.press('Enter')
    expect(await customer.inputValue()).toBe('键盘联想客户')
    await expect.poll(() => list.count()).toBe(0)
    await newRow(page).locator('input[name=PartName]').fill('连杆')
    await newRow(page).locator('input[name=Quantity]').fill('1')
    await page.getByTestId('grid-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    const [saved] = (await serverRows('Order', { orderNo: 'E2E-SUG-1' })).result
    expect(saved).toMatchObject({ OrderNo: 'E2E-SUG-1', Customer: '键盘联想客户' })
    await expect
      .poll(() => row(page, saved!.Id).locator('[data-field=Customer]').textContent())
      .toBe('键盘联想客户')
  })

  it('phone: the workshop of an earlier report is chosen in the search sheet, and saved', async () => {
    await postCommon('SaveProductionReport', {
      insertRecords: [
        { ReportDateString: '2026-01-05', Workshop: '热处理二车间', OutputQuantity: 5 },
      ],
    })
    const b = await browser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/production/report', 'staff')
    await expect.poll(() => page.getByTestId('grid-cards').isVisible()).toBe(true)
    await page.getByTestId('grid-add').click()
    await newRow(page).locator('.grid-card-body').click()
    const form = page.getByTestId('grid-form')
    await form.getByTestId('suggest-Workshop-open').tap()
    const sheet = page.getByTestId('suggest-Workshop')
    await expect.poll(() => sheet.isVisible()).toBe(true)
    await sheet.getByRole('searchbox').fill('热处理')
    const choice = sheet.getByTestId('suggest-Workshop-choice').filter({ hasText: '热处理二车间' })
    await expect.poll(() => choice.count()).toBe(1)
    await expect
      .poll(() => sheet.evaluate((el) => el.getAnimations({ subtree: true }).length))
      .toBe(0)
    expect(await axe(page, 'suggestion sheet open')).toEqual([])
    await choice.tap()
    await expect.poll(() => sheet.count()).toBe(0)
    expect(await form.getByTestId('suggest-Workshop-open').textContent()).toBe('热处理二车间')
    await form.locator('input[name=OutputQuantity]').fill('12')
    await form.getByRole('button', { name: '完成' }).click()
    await page.getByTestId('grid-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    const saved = (await serverRows('ProductionReport', { keyword: '热处理二车间' })).result.find(
      (r) => r.OutputQuantity === 12,
    )
    expect(saved).toMatchObject({ Workshop: '热处理二车间', OutputQuantity: 12 })
    await expect.poll(() => row(page, saved!.Id).textContent()).toContain('热处理二车间')
  })
})

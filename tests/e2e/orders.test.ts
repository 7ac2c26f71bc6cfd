import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { badge, serverNotices, showHeaderTools, signInAs, staffApi } from './helpers/staff.ts'

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

/** Rows of a grid as the server has them (admin API token). */
const serverRows = async (kind: string, body: Record<string, unknown> = {}) => ({
  data: await staffApi<{ total: number; result: Record<string, unknown>[] }>(
    baseURL,
    'admin',
    `${kind}/GetList`,
    { pageSize: 1000, ...body },
  ),
})

const newRow = (page: Page) => page.locator('[data-testid="grid-row"][data-id^="-"]').first()
const toast = (page: Page) => page.locator('.adm-toast-mask').textContent()

describe('orders grid (desktop 1280x800)', () => {
  it('refuses invalid edits; an order with two purchases, one audited, reaches another user in real time', async () => {
    const admin = await browser(desktop)
    const { page } = admin
    await signInAs(admin, baseURL, '/order/order')
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBeGreaterThan(5)
    const ordersBefore = (await serverRows('Order')).data.total

    // SPEC §5 mistakes: refused with their messages, nothing stored
    await page.getByTestId('grid-add').click()
    await newRow(page).locator('input[name=Quantity]').fill('-1')
    await newRow(page).locator('input[name=UnitPrice]').fill('1.2345')
    await page.getByTestId('grid-save').click()
    await expect
      .poll(() => newRow(page).locator('[data-field=OrderNo]').textContent())
      .toContain('订单号必填')
    expect(await newRow(page).locator('[data-field=Quantity]').textContent()).toContain('不能小于0')
    expect(await newRow(page).locator('[data-field=UnitPrice]').textContent()).toContain(
      '最多保留3位小数',
    )
    expect((await serverRows('Order')).data.total).toBe(ordersBefore)

    // a second user, watching the bell
    const staff = await browser(phone)
    await showHeaderTools(staff)
    await signInAs(staff, baseURL, '/admin/index', 'staff')
    const staffBefore = (await serverNotices(staff.page)).unread
    await expect.poll(() => badge(staff.page)).toBe(staffBefore)

    // corrected, the order saves; the server computes the total
    await newRow(page).locator('input[name=OrderNo]').fill('E2E-ORDER-1')
    await newRow(page).locator('input[name=Customer]').fill('端到端客户')
    await newRow(page).locator('input[name=PartName]').fill('端到端曲轴')
    await newRow(page).locator('input[name=Quantity]').fill('10')
    await newRow(page).locator('input[name=UnitPrice]').fill('2.5')
    await page.getByTestId('grid-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    const [order] = (await serverRows('Order', { orderNo: 'E2E-ORDER-1' })).data.result
    expect(order).toMatchObject({
      OrderNo: 'E2E-ORDER-1',
      Quantity: 10,
      UnitPrice: 2.5,
      TotalSum: 25,
      AuditStatus: 0,
    })
    await expect
      .poll(() => page.locator(`[data-testid="grid-row"][data-id="${String(order!.Id)}"]`).count())
      .toBe(1)
    await expect.poll(() => badge(staff.page), { timeout: 5000 }).toBe(staffBefore + 1)

    // two purchases for it
    await page.goto(`${baseURL}/supplier/purchase`)
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBeGreaterThan(0)
    for (const supplier of ['江阴测试钢厂', '无锡测试材料']) {
      await page.getByTestId('grid-add').click()
      await newRow(page).locator('input[name=OrderNo]').fill('E2E-ORDER-1')
      await newRow(page).locator('input[name=Supplier]').fill(supplier)
      await newRow(page).locator('input[name=Material]').fill('42CrMo4 圆钢')
      await newRow(page).locator('input[name=Quantity]').fill('100')
      await newRow(page).locator('input[name=UnitPrice]').fill('8.125')
    }
    await page.getByTestId('grid-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    const purchases = (await serverRows('Purchase', { orderId: order!.Id })).data.result
    expect(purchases.map((p) => p.Supplier).sort()).toEqual(['无锡测试材料', '江阴测试钢厂'])
    expect(purchases.every((p) => p.TotalSum === 812.5)).toBe(true)
    await expect.poll(() => badge(staff.page), { timeout: 5000 }).toBe(staffBefore + 3)

    // audit one
    const first = purchases[0]!
    await page
      .locator(`[data-testid="grid-row"][data-id="${String(first.Id)}"] input[type=checkbox]`)
      .check()
    await page.getByTestId('grid-audit').click()
    await page.getByTestId('audit-pass').click()
    await expect
      .poll(
        async () =>
          (await serverRows('Purchase', { orderId: order!.Id })).data.result.find(
            (p) => p.Id === first.Id,
          )?.AuditStatus,
      )
      .toBe(1)
    await expect.poll(() => badge(staff.page), { timeout: 5000 }).toBe(staffBefore + 4)
    expect(
      (await serverRows('Purchase', { orderId: order!.Id })).data.result.filter(
        (p) => p.AuditStatus === 0,
      ),
    ).toHaveLength(1)

    // the other user's View link opens the purchases of that order: in the app on a phone
    await staff.page.getByTestId('notice-bell').click()
    const item = staff.page
      .locator('[data-testid="notice-item"]')
      .filter({ hasText: 'E2E-ORDER-1' })
      .first()
    await item.locator('button').click()
    const tab = staff.page
    await tab.waitForURL(/\/supplier\/purchase\?id=\d+&orderId=E2E-ORDER-1/)
    expect(staff.context.pages()).toHaveLength(1)
    await expect.poll(() => tab.getByTestId('grid-filter').textContent()).toContain('E2E-ORDER-1')
    await expect.poll(() => tab.locator('[data-testid="grid-row"]').count()).toBe(2)
  })
})

describe('supply-chain grids (desktop)', () => {
  it('a long grid reuses row elements while scrolling: every row shows its own record, an opened cell closes when its record scrolls away', async () => {
    const b = await browser(desktop)
    const { page } = b
    const [template] = (await serverRows('Order')).data.result
    const rows = Array.from({ length: 400 }, (_, i) => ({
      ...template,
      Id: 900_000 + i,
      OrderNo: `LONG-${i}`,
      Quantity: i,
    }))
    await page.route('**/api/Order/GetList', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 200, msg: 'ok', data: { result: rows, total: rows.length } }),
      }),
    )
    await signInAs(b, baseURL, '/order/order')
    const first = page.locator('[data-testid="grid-row"][data-id="900000"]')
    await first.locator('[data-field=Customer]').click()
    await expect.poll(() => first.locator('input[name=Customer]').count()).toBe(1)

    /** each rendered row: its Id, the order number it shows, whether its inputs are open */
    const shown = () =>
      page.locator('[data-testid="grid-row"]').evaluateAll((trs) =>
        trs.map((tr) => ({
          id: Number(tr.getAttribute('data-id')),
          no: tr.querySelector('[data-field=OrderNo]')?.textContent,
          open: tr.querySelector('input.grid-input') !== null,
        })),
      )
    const scrollTo = (top: number) =>
      page.getByTestId('grid-table').evaluate((el, y) => el.scrollTo(0, y), top)
    for (const top of [600, 3000, 9000, 4000]) {
      await scrollTo(top)
      await expect.poll(async () => (await shown()).some((r) => r.id === 900_000)).toBe(false)
      const now = await shown()
      expect(now.length).toBeGreaterThan(5)
      for (const r of now)
        expect(r).toEqual({ id: r.id, no: `LONG-${r.id - 900_000}`, open: false })
    }
    await scrollTo(0)
    await expect
      .poll(async () => (await shown()).find((r) => r.id === 900_000))
      .toEqual({ id: 900_000, no: 'LONG-0', open: false })
    for (const r of await shown())
      expect(r).toEqual({ id: r.id, no: `LONG-${r.id - 900_000}`, open: false })
  })

  it('records a stock movement with its coded choice', async () => {
    const b = await browser(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/supplier/warehouse')
    await expect.poll(() => page.getByTestId('data-grid').isVisible()).toBe(true)
    await page.getByTestId('grid-add').click()
    await newRow(page).locator('input[name=OrderNo]').fill('FL2026-0048')
    await newRow(page).locator('input[name=Material]').fill('38MnVS6 圆钢')
    await newRow(page).locator('select[name=Direction]').selectOption({ label: '出库' })
    await newRow(page).locator('input[name=Quantity]').fill('120')
    await page.getByTestId('grid-save').click()
    await expect.poll(() => toast(page)).toContain('保存成功')
    const rows = (await serverRows('Warehouse', { orderNo: 'FL2026-0048' })).data.result
    const row = rows.find((r) => r.Material === '38MnVS6 圆钢')
    expect(row).toMatchObject({ Direction: 2, Quantity: 120, OrderNo: 'FL2026-0048' })
    // a saved row shows its values as text; clicking a cell opens its input
    const saved = page.locator(
      `[data-testid="grid-row"][data-id="${String(row!.Id)}"] [data-field=Direction]`,
    )
    await expect.poll(() => saved.textContent()).toBe('出库')
    await saved.click()
    await expect
      .poll(() =>
        saved
          .locator('select[name=Direction]')
          .evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent),
      )
      .toBe('出库')
  })
})

describe('production reports', () => {
  it('shows daily output per workshop as a chart above the report grid (phone)', async () => {
    const b = await browser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/production/report', 'staff')
    const days = page.locator('[data-testid="production-day"]')
    await expect.poll(() => days.count()).toBeGreaterThan(10)
    await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBeGreaterThan(0)
    // the chart's figures are the server's, for all workshops and for the chosen one
    type Point = {
      DateString: string
      Workshop: string
      OutputQuantity: number
      ScrapQuantity: number
    }
    const chart = await staffApi<{ result: Point[]; workshops: string[] }>(
      baseURL,
      'admin',
      'ProductionReport/GetChartList',
      {},
    )
    const figures = (points: Point[]) =>
      `${new Set(points.map((p) => p.DateString)).size} 天内产量 ${points.reduce((s, p) => s + p.OutputQuantity, 0)}，废品 ${points.reduce((s, p) => s + p.ScrapQuantity, 0)}`
    const label = () =>
      page.getByTestId('production-chart').locator('svg').getAttribute('aria-label')
    await expect.poll(label).toBe(figures(chart.result))
    const workshop = page.getByRole('combobox', { name: '车间' })
    const first = (await workshop.locator('option').nth(1).textContent())!
    const mine = chart.result.filter((p) => p.Workshop === first)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.length).toBeLessThan(chart.result.length)
    await workshop.selectOption({ label: first })
    await expect.poll(label).toBe(figures(mine))
    expect(await days.count()).toBe(new Set(mine.map((p) => p.DateString)).size)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    )
  })
})

describe('orders grid (phone 390x844)', () => {
  it('edits a new order in the full-screen form and refuses a negative quantity', async () => {
    const b = await browser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/order/order', 'staff')
    await expect.poll(() => page.getByTestId('grid-cards').isVisible()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    )
    const before = (await serverRows('Order')).data.total
    await page.getByTestId('grid-add').click()
    await newRow(page).locator('.grid-card-body').click()
    const form = page.getByTestId('grid-form')
    await form.locator('input[name=OrderNo]').fill('E2E-PHONE-1')
    await form.locator('input[name=Quantity]').fill('-1')
    await form.getByRole('button').last().click()
    await page.getByTestId('grid-save').click()
    await expect.poll(() => newRow(page).textContent()).toContain('点按修改标记的字段')
    expect((await serverRows('Order')).data.total).toBe(before)
    await newRow(page).locator('.grid-card-body').click()
    await expect.poll(() => form.textContent()).toContain('不能小于0')
    await form.locator('input[name=Quantity]').fill('5')
    // the customer: typed in its search sheet on a phone and used as typed
    await form.getByTestId('suggest-Customer-open').click()
    await page.getByTestId('suggest-Customer').getByRole('searchbox').fill('手机端客户')
    await page.getByTestId('suggest-Customer-free').click()
    await expect.poll(() => page.getByTestId('suggest-Customer').count()).toBe(0)
    await form.getByTestId('suggest-PartName-open').click()
    await page.getByTestId('suggest-PartName').getByRole('searchbox').fill('手机端连杆')
    await page.getByTestId('suggest-PartName-free').click()
    await expect.poll(() => page.getByTestId('suggest-PartName').count()).toBe(0)
    await form.getByRole('button').last().click()
    await page.getByTestId('grid-save').click()
    await expect
      .poll(async () => (await serverRows('Order', { orderNo: 'E2E-PHONE-1' })).data.total)
      .toBe(1)
  })
})

import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { orderGridKept } from './helpers/staff-cache.ts'
import { staffApi } from './helpers/staff.ts'

/** An order edit saved offline shows where it was made, marked, until the server answers. */
const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

const postCommon = (postUrl: string, postData: unknown) =>
  staffApi(baseURL, 'staff', 'PostData/PostCommon', { postUrl, postData })
const serverOrder = async (orderNo: string) =>
  (
    await staffApi<{ result: Record<string, unknown>[] }>(baseURL, 'admin', 'Order/GetList', {
      pageSize: 10,
      orderNo,
    })
  ).result[0]
async function newOrder(orderNo: string, quantity: number) {
  await postCommon('SaveOrder', {
    insertRecords: [
      {
        OrderNo: orderNo,
        Customer: '离线改单客户',
        PartName: '曲轴',
        Quantity: quantity,
        UnitPrice: 2.5,
      },
    ],
  })
  return (await serverOrder(orderNo))!.Id as number
}
const card = (page: Page, id: number) => page.locator(`[data-testid="grid-row"][data-id="${id}"]`)
const form = (page: Page) => page.getByTestId('grid-form')
const quantityOf = (page: Page, id: number) =>
  card(page, id).locator('.grid-card-fields [data-field=Quantity]')

/** Opens the order's card form, types into a field, closes the form and saves. */
async function editAndSave(page: Page, id: number, field: string, value: string) {
  // a tap while the app is still settling after the reload may not open the form: tap again
  await expect
    .poll(async () => {
      if (!(await form(page).isVisible())) await card(page, id).locator('.grid-card-body').click()
      return form(page).isVisible()
    })
    .toBe(true)
  await form(page).locator(`input[name=${field}]`).fill(value)
  await form(page).getByRole('button', { name: '完成' }).click()
  await page.getByTestId('grid-save').click()
}

/** Signs in on a phone, opens the order grid with the worker in control (so it opens offline). */
async function openGrid(id: number) {
  b = await openBrowser(phone)
  const { page } = b
  // the order page's code (its card form loads the area field on demand) is kept for offline use
  await orderGridKept(b, baseURL, (page) =>
    expect.poll(() => card(page, id).count(), { timeout: 20_000 }).toBe(1),
  )
  /** the Idempotency-Key of every order save the page sends */
  const saves: string[] = []
  page.on('request', (r) => {
    if (
      r.method() === 'POST' &&
      r.url().includes('/PostData/PostCommon') &&
      (r.postData() ?? '').includes('SaveOrder')
    )
      saves.push(r.headers()['idempotency-key'] ?? '')
  })
  return { page, context: b.context, saves }
}

describe('order edits saved offline', () => {
  it(
    'an order card edited offline shows the new value marked as waiting, also after an offline reload; back online it is saved once',
    { timeout: 120_000 },
    async () => {
      const id = await newOrder('E2E-OFFLINE-EDIT-1', 1200)
      const { page, context, saves } = await openGrid(id)
      await context.setOffline(true)
      await editAndSave(page, id, 'Quantity', '1300')
      await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('1')
      // the card shows the new value where it was typed, marked as waiting
      await expect.poll(() => quantityOf(page, id).textContent()).toContain('1,300')
      await expect
        .poll(() => quantityOf(page, id).getByTestId('grid-waiting').textContent())
        .toBe('待发送')
      // and the form too
      await card(page, id).locator('.grid-card-body').click()
      await expect.poll(() => form(page).locator('input[name=Quantity]').inputValue()).toBe('1300')
      await expect.poll(() => form(page).getByTestId('grid-waiting').count()).toBe(1)
      await page.screenshot({ path: '/tmp/h3shots/order-waiting-form.png' })
      await form(page).getByRole('button', { name: '完成' }).click()

      await page.reload()
      await expect
        .poll(() => quantityOf(page, id).textContent(), { timeout: 20_000 })
        .toContain('1,300')
      await expect.poll(() => quantityOf(page, id).getByTestId('grid-waiting').count()).toBe(1)
      await page.screenshot({ path: '/tmp/h3shots/order-waiting-card.png' })
      expect(saves).toEqual([])

      await context.setOffline(false)
      await expect
        .poll(async () => (await serverOrder('E2E-OFFLINE-EDIT-1'))!.Quantity, { timeout: 20_000 })
        .toBe(1300)
      await expect.poll(() => page.getByTestId('outbox').count(), { timeout: 20_000 }).toBe(0)
      await expect.poll(() => quantityOf(page, id).getByTestId('grid-waiting').count()).toBe(0)
      await expect.poll(() => quantityOf(page, id).textContent()).toContain('1,300')
      // confirmed once: one save request (its Idempotency-Key would make a repeat apply once)
      expect(saves).toHaveLength(1)
    },
  )

  it(
    'a change the server refuses after waiting offline shows the reason and keeps what was typed',
    { timeout: 120_000 },
    async () => {
      const id = await newOrder('E2E-OFFLINE-EDIT-2', 50)
      const { page, context } = await openGrid(id)
      await context.setOffline(true)
      await editAndSave(page, id, 'OrderNo', 'E2E-OFFLINE-TAKEN')
      await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('1')
      const title = card(page, id).locator('.grid-card-title')
      await expect.poll(() => title.textContent()).toContain('E2E-OFFLINE-TAKEN')
      expect(await title.getByTestId('grid-waiting').count()).toBe(1)
      // meanwhile someone else gives another order that number
      await newOrder('E2E-OFFLINE-TAKEN', 1)
      await context.setOffline(false)
      // refused: the card keeps the typed number, with the server's reason
      await expect
        .poll(() => card(page, id).textContent(), { timeout: 20_000 })
        .toContain('点按修改标记的字段')
      expect(await title.textContent()).toContain('E2E-OFFLINE-TAKEN')
      expect(await title.getByTestId('grid-waiting').count()).toBe(0)
      expect(await card(page, id).textContent()).toMatch(/已被使用|已存在|占用/)
      await page.screenshot({ path: '/tmp/h3shots/order-refused.png' })
      await card(page, id).locator('.grid-card-body').click()
      expect(await form(page).locator('input[name=OrderNo]').inputValue()).toBe('E2E-OFFLINE-TAKEN')
      expect((await serverOrder('E2E-OFFLINE-EDIT-2'))!.OrderNo).toBe('E2E-OFFLINE-EDIT-2')
    },
  )
})

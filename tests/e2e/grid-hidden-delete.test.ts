import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { orderGridKept } from './helpers/staff-cache.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/** A role without Delete (`button-delete-show-false`) has no way to delete an order. */
const baseURL = inject('baseURL')
let b: Browser | undefined
let restore: (() => Promise<unknown>) | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
  await restore?.()
  restore = undefined
})

const postCommon = (user: 'admin' | 'staff', postUrl: string, postData: unknown) =>
  staffApi(baseURL, user, 'PostData/PostCommon', { postUrl, postData })
const serverOrder = async (orderNo: string) =>
  (
    await staffApi<{ result: Record<string, unknown>[] }>(baseURL, 'admin', 'Order/GetList', {
      pageSize: 10,
      orderNo,
    })
  ).result[0]
async function newOrder(orderNo: string) {
  await postCommon('staff', 'SaveOrder', {
    insertRecords: [
      { OrderNo: orderNo, Customer: '按钮权限客户', PartName: '法兰', Quantity: 10, UnitPrice: 2 },
    ],
  })
  return (await serverOrder(orderNo))!.Id as number
}
/** Sets the staff role's grid strings; the old ones come back after the test. */
async function staffStrings(strings: string[]) {
  const roles = await staffApi<{ result: { Code: string; Permissions?: string[] }[] }>(
    baseURL,
    'admin',
    'Role/GetList',
    {},
  )
  const before = roles.result.find((r) => r.Code === 'staff')?.Permissions ?? []
  restore ??= () =>
    postCommon('admin', 'SaveRole', { updateRecords: [{ Code: 'staff', Permissions: before }] })
  await postCommon('admin', 'SaveRole', {
    updateRecords: [{ Code: 'staff', Permissions: strings }],
  })
}
/**
 * A phone signed in as staff on the order grid, the worker in control and the grid's code kept,
 * so its saves queue offline; the order `id` on screen.
 */
async function ordersOnPhone(id: number) {
  b = await openBrowser(phone)
  await orderGridKept(b, baseURL, (page) =>
    expect.poll(() => card(page, id).count(), { timeout: 20_000 }).toBe(1),
  )
  return b
}
const card = (page: Page, id: number) => page.locator(`[data-testid="grid-row"][data-id="${id}"]`)
/** Drags a card to the left, as a thumb swipes it. */
async function swipe(page: Page, id: number) {
  const box = (await card(page, id).boundingBox())!
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width - 20, y)
  await page.mouse.down()
  await page.mouse.move(box.x + 40, y, { steps: 12 })
  await page.mouse.up()
}

describe('a hidden Delete removes every way to delete (phone 390x844)', () => {
  it('offers no swipe, no toolbar or bulk delete and no key: on the phone and at 1280 px', async () => {
    const id = await newOrder('E2E-NO-DELETE-1')
    await staffStrings(['button-delete-show-false'])
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/order/order', 'staff')
    await expect.poll(() => card(page, id).count()).toBe(1)
    // no Delete in the toolbar; Save and Add are still there
    expect(await page.getByTestId('grid-delete').count()).toBe(0)
    expect(await page.getByTestId('grid-save').count()).toBe(1)
    // a swipe shows no Delete
    await swipe(page, id)
    expect(await card(page, id).getByRole('button', { name: '删除', exact: true }).count()).toBe(0)
    // the card selected (bulk) and the Delete and Backspace keys pressed: nothing is removed
    await card(page, id).getByRole('checkbox').check()
    await page.keyboard.press('Delete')
    await page.keyboard.press('Backspace')
    expect(await card(page, id).count()).toBe(1)
    expect(await page.locator('.grid-unsaved').count()).toBe(0)

    // the table on a wide screen: the row selected, no Delete button, the key does nothing
    await page.setViewportSize(desktop)
    const row = page.locator(`.grid-scroll tr[data-id="${id}"]`)
    await expect.poll(() => row.count()).toBe(1)
    expect(await page.getByTestId('grid-delete').count()).toBe(0)
    await row.getByRole('checkbox').check()
    await page.keyboard.press('Delete')
    expect(await row.count()).toBe(1)
    expect(await page.locator('.grid-unsaved').count()).toBe(0)
    expect(await serverOrder('E2E-NO-DELETE-1')).toBeDefined()
  })

  it(
    'a delete queued offline and refused after the role lost Delete stays on its card with the reason until discarded',
    { timeout: 120_000 },
    async () => {
      const id = await newOrder('E2E-NO-DELETE-2')
      const { page, context } = await ordersOnPhone(id)

      // offline, the role may still delete: swipe, Delete, Save queues it
      await context.setOffline(true)
      await swipe(page, id)
      await card(page, id).getByRole('button', { name: '删除', exact: true }).click()
      await expect.poll(() => card(page, id).count()).toBe(0)
      await page.getByTestId('grid-save').click()
      await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('1')

      // meanwhile the office hides Delete from the role; back online the server refuses it
      await staffStrings(['button-delete-show-false'])
      await context.setOffline(false)
      const refused = card(page, id).getByTestId('grid-outbox-refused')
      await expect.poll(() => refused.count(), { timeout: 20_000 }).toBe(1)
      // on the grid, not the /403 page; the row is back, with the reason
      expect(new URL(page.url()).pathname).toBe('/order/order')
      expect(await refused.textContent()).toMatch(/^未删除：/)
      await card(page, id).scrollIntoViewIfNeeded()
      expect(await serverOrder('E2E-NO-DELETE-2')).toBeDefined()
      // a reload keeps the refusal with its reason: the device copy holds it until discarded
      await page.reload()
      await expect.poll(() => refused.count(), { timeout: 20_000 }).toBe(1)
      expect(await refused.textContent()).toMatch(/^未删除：/)
      // the user discards it: the notice and the outbox entry go, the order stays
      await refused.getByRole('button', { name: '放弃' }).click()
      await expect.poll(() => refused.count()).toBe(0)
      await expect.poll(() => page.getByTestId('outbox').count()).toBe(0)
      expect(await card(page, id).count()).toBe(1)
    },
  )

  it(
    'an edit queued offline and refused after the role lost Save shows as typed with the reason; Discard shows the saved value again',
    { timeout: 120_000 },
    async () => {
      const id = await newOrder('E2E-NO-SAVE-3')
      const { page, context } = await ordersOnPhone(id)
      const quantity = card(page, id).locator('.grid-card-fields [data-field=Quantity]')
      expect(await quantity.textContent()).toContain('10')

      await context.setOffline(true)
      await card(page, id).locator('.grid-card-body').click()
      const form = page.getByTestId('grid-form')
      await form.locator('input[name=Quantity]').fill('4321')
      await form.getByRole('button', { name: '完成' }).click()
      await page.getByTestId('grid-save').click()
      await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('1')

      await staffStrings(['button-save-show-false'])
      await context.setOffline(false)
      const refused = card(page, id).getByTestId('grid-outbox-refused')
      await expect.poll(() => refused.count(), { timeout: 20_000 }).toBe(1)
      expect(await refused.textContent()).toMatch(/^未保存：/)
      // the typed value is back on the card, not lost; the server kept its own
      await expect.poll(() => quantity.textContent()).toContain('4,321')
      expect((await serverOrder('E2E-NO-SAVE-3'))?.Quantity).toBe(10)
      await refused.getByRole('button', { name: '放弃' }).click()
      await expect.poll(() => refused.count()).toBe(0)
      await expect.poll(() => quantity.textContent()).not.toContain('4,321')
      expect(await quantity.textContent()).toContain('10')
      expect(await page.locator('.grid-unsaved').count()).toBe(0)
    },
  )
})

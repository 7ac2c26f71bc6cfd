import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, phone } from './helpers/browser.ts'
import { adminSave, historyBrowsers, historyEntry, historyPanel } from './helpers/history.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/**
 * An edit's history shows the change (who, the field as the grid labels it, the old and
 * new values as the grid formats them) in the side panel on desktop and from the card on a phone,
 * in Chinese and English.
 */
const baseURL = inject('baseURL')
const browser = historyBrowsers()
const postCommon = (postUrl: string, postData: unknown) => adminSave(baseURL, postUrl, postData)
async function editedOrder(orderNo: string) {
  await postCommon('SaveOrder', {
    insertRecords: [
      { OrderNo: orderNo, Customer: '历史客户', PartName: '曲轴', Quantity: 10, UnitPrice: 2.5 },
    ],
  })
  const rows = await staffApi<{ result: { Id: number }[] }>(baseURL, 'admin', 'Order/GetList', {
    orderNo,
  })
  const id = rows.result[0]!.Id
  await postCommon('SaveOrder', { updateRecords: [{ Id: id, Quantity: 1234 }] })
  return id
}

const row = (page: Page, id: number) => page.locator(`[data-testid="grid-row"][data-id="${id}"]`)
const panel = historyPanel
const edit = (page: Page) => historyEntry(page, 'update')

const texts = {
  zh: { action: '修改', field: '数量', how: '接口调用' },
  en: { action: 'Edited', field: 'Quantity', how: 'through the API' },
}

describe('a record history', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`desktop 1280x800 (${lang}): the selected row's history panel shows the edit`, async () => {
      const id = await editedOrder(`E2E-HIST-D-${lang}`)
      const b = await browser(desktop, lang)
      const { page } = b
      await signInAs(b, baseURL, '/order/order')
      await expect.poll(() => row(page, id).count()).toBe(1)
      await row(page, id).locator('.grid-check input').check()
      await page.getByTestId('grid-history').click()
      await expect.poll(() => edit(page).count()).toBe(1)
      const quantity = edit(page).locator('[data-field=Quantity]')
      expect(await quantity.locator('dt').textContent()).toBe(texts[lang].field)
      // values formatted as the grid shows them (thousands separator)
      expect(await quantity.locator('dd').textContent()).toBe('10 → 1,234')
      expect(await edit(page).locator('.history-head').textContent()).toContain(texts[lang].action)
      expect(await edit(page).locator('.history-head').textContent()).toContain(texts[lang].how)
      // newest first: the edit above the create
      expect(
        await panel(page).getByTestId('history-entry').first().getAttribute('data-action'),
      ).toBe('update')
      // the creation lists only what was set: no line ends in "→" with nothing after it
      const created = historyEntry(page, 'create').locator('dd')
      await expect.poll(() => created.count()).toBeGreaterThan(3)
      for (const text of await created.allTextContents()) expect(text).not.toMatch(/→\s*-?\s*$/)
      await page.screenshot({ path: `/tmp/forgeline-history-desktop-${lang}.png` })
    })

    it(`phone 390x844 touch (${lang}): the card's editor opens the history with the edit`, async () => {
      const id = await editedOrder(`E2E-HIST-P-${lang}`)
      const b = await browser(phone, lang)
      const { page } = b
      await signInAs(b, baseURL, '/order/order')
      await expect.poll(() => row(page, id).count()).toBe(1)
      await row(page, id).locator('.grid-card-body').click()
      await page.getByTestId('grid-form').locator('.grid-form-history').click()
      await expect.poll(() => edit(page).count()).toBe(1)
      const quantity = edit(page).locator('[data-field=Quantity]')
      expect(await quantity.locator('dt').textContent()).toBe(texts[lang].field)
      expect(await quantity.locator('dd').textContent()).toBe('10 → 1,234')
      await page.screenshot({ path: `/tmp/forgeline-history-phone-${lang}.png` })
    })
  }
})

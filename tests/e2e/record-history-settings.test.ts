import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/**
 * Issue 34: the history of content and system settings records opens from their editors (a
 * side panel on desktop, a bottom sheet on phones), labelled as the screen labels its fields;
 * a delete's operation-log line opens the deleted record's history for administrators.
 */
const baseURL = inject('baseURL')
const open: Browser[] = []
afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})

const postCommon = (postUrl: string, postData: unknown) =>
  staffApi(baseURL, 'admin', 'PostData/PostCommon', { postUrl, postData })
async function editedEquipment(name: string) {
  await postCommon('SaveEquipment', {
    insertRecords: [{ Name: name, NameEn: name, Quantity: 2, Sort: 0 }],
  })
  const list = await staffApi<{ result: { Id: number; Name: string }[] }>(
    baseURL,
    'admin',
    'Equipment/GetAdminList',
    {},
  )
  const id = list.result.find((e) => e.Name === name)!.Id
  await postCommon('SaveEquipment', { updateRecords: [{ Id: id, Quantity: 3 }] })
  return id
}

async function browser(size: typeof phone, lang: 'zh' | 'en') {
  const b = await openBrowser(size, lang === 'zh' ? 'zh-CN' : 'en-US')
  open.push(b)
  await b.context.addInitScript(
    (l) => localStorage.setItem('forgeline-lang', JSON.stringify(l)),
    lang,
  )
  return b
}
const panel = (page: Page) => page.getByTestId('history-panel')
const entry = (page: Page, action: string) =>
  panel(page).locator(`[data-testid="history-entry"][data-action="${action}"]`)
const quantity = { zh: '数量', en: 'Quantity' }

describe('content and system settings history', () => {
  for (const [size, sizeName] of [
    [desktop, 'desktop'],
    [phone, 'phone'],
  ] as const)
    for (const lang of ['zh', 'en'] as const) {
      it(`${sizeName} (${lang}): the equipment editor opens the history with the edit`, async () => {
        const id = await editedEquipment(`E2E-HIST-${sizeName}-${lang}`)
        const b = await browser(size, lang)
        const { page } = b
        await signInAs(b, baseURL, '/admin/equipment')
        await page.locator(`[data-testid="admin-equipment"][data-id="${id}"]`).click()
        await page.getByTestId('equipment-history').click()
        await expect.poll(() => entry(page, 'update').count()).toBe(1)
        const field = entry(page, 'update').locator('[data-field=Quantity]')
        expect(await field.locator('dt').textContent()).toBe(quantity[lang])
        expect(await field.locator('dd').textContent()).toBe('2 → 3')
        await page.screenshot({ path: `/tmp/forgeline-history-equipment-${sizeName}-${lang}.png` })
      })

      it(`${sizeName} (${lang}): a delete's operation-log line opens the deleted record's history`, async () => {
        await postCommon('SaveDepartment', {
          insertRecords: [{ Name: `删-${sizeName}-${lang}`, ParentId: null }],
        })
        const deps = await staffApi<{ result: { Id: number; Name: string }[] }>(
          baseURL,
          'admin',
          'Department/GetList',
          {},
        )
        const dep = deps.result.find((d) => d.Name === `删-${sizeName}-${lang}`)!
        await postCommon('SaveDepartment', { removeRecords: [{ Id: dep.Id }] })
        const b = await browser(size, lang)
        const { page } = b
        await signInAs(b, baseURL, '/system/log')
        await page.getByTestId('log-deleted-history').first().click()
        await expect.poll(() => entry(page, 'delete').count()).toBe(1)
        expect(await panel(page).getByTestId('deleted-record').textContent()).toContain(
          String(dep.Id),
        )
        await page.screenshot({ path: `/tmp/forgeline-history-log-${sizeName}-${lang}.png` })
      })
    }
})

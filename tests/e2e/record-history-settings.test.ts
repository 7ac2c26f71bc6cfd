import { describe, expect, inject, it } from 'vitest'
import { desktop, phone } from './helpers/browser.ts'
import { adminSave, historyBrowsers, historyEntry, historyPanel } from './helpers/history.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/**
 * The history of content and system settings records opens from their editors (a
 * side panel on desktop, a bottom sheet on phones), labelled as the screen labels its fields;
 * a delete's operation-log line opens the deleted record's history for administrators.
 */
const baseURL = inject('baseURL')
const browser = historyBrowsers()
const postCommon = (postUrl: string, postData: unknown) => adminSave(baseURL, postUrl, postData)
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

const panel = historyPanel
const entry = historyEntry
const quantity = { zh: '数量', en: 'Quantity' }
const texts = {
  zh: { name: '名称（中文）', kind: '设备展示', noPictures: '张图片' },
  en: { name: 'Name (Chinese)', kind: 'Equipment', noPictures: ' pictures' },
}

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

      it(`${sizeName} (${lang}): a deleted content record's history reads as its editor labels it`, async () => {
        const id = await editedEquipment(`E2E-DEL-${sizeName}-${lang}`)
        await postCommon('SaveEquipment', { removeRecords: [{ Id: id }] })
        const b = await browser(size, lang)
        const { page } = b
        await signInAs(b, baseURL, '/system/log')
        await page.getByTestId('log-deleted-history').first().click()
        await expect.poll(() => entry(page, 'delete').count(), { timeout: 20_000 }).toBe(1)
        const note = panel(page).getByTestId('deleted-record')
        await expect
          .poll(() => note.textContent(), { timeout: 20_000 })
          .toContain(`${texts[lang].kind} ${id}`)
        // the editor's labels, never the column keys
        const created = entry(page, 'create')
        await expect
          .poll(() => created.locator('[data-field=Name] dt').textContent(), { timeout: 20_000 })
          .toBe(texts[lang].name)
        expect(await created.locator('[data-field=Quantity] dt').textContent()).toBe(quantity[lang])
        // a record made without pictures: no "- → 0 pictures" line
        expect(await created.locator('[data-field=Gallery]').count()).toBe(0)
        expect(await panel(page).textContent()).not.toContain(`0${texts[lang].noPictures}`)
        await page.screenshot({
          path: `/tmp/forgeline-history-log-content-${sizeName}-${lang}.png`,
        })
      })
    }
})

import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs } from './helpers/staff.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

/** Each content screen and a control that saves there (an editor sees it once the page has loaded). */
const screens: [path: string, control: string][] = [
  ['/admin/linkus', 'contact-form-save'],
  ['/admin/about', 'about-form-save'],
  ['/admin/news', 'news-add'],
  ['/admin/equipment', 'equipment-add'],
  ['/admin/pro/promanage', 'tab-categories'],
  ['/admin/lunbo', 'slide-add'],
  ['/admin/wxUserManagement', 'wechat-ban'],
]
const saveControls =
  '[data-testid$="-save"], [data-testid$="-add"], [data-testid="wechat-ban"], [data-testid="wechat-bind"], [data-testid="visitor-message-toggle"], [data-testid^="translate-"]'

/** Opens the phone menu drawer and counts the content group in it. */
const contentMenuCount = async (page: Page) => {
  await page.getByRole('button', { name: '打开菜单' }).click()
  // every role has "all messages": once it shows, the drawer's menu is complete
  await page.locator('.adm-popup-body').getByText('全部消息', { exact: true }).waitFor()
  const count = await page.locator('.adm-popup-body').getByText('内容管理', { exact: true }).count()
  await page.keyboard.press('Escape')
  return count
}

describe('content permission in the UI (phone)', () => {
  it('staff (no content ability) has no content menu and no save control on any content screen', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/index', 'staff')
    await expect.poll(() => page.getByRole('button', { name: '打开菜单' }).count()).toBe(1)
    expect(await contentMenuCount(page)).toBe(0)
    for (const [path] of screens) {
      await page.goto(`${baseURL}${path}`)
      // the guard sends staff to /403; whatever the route shows, nothing on it may save content
      await page.waitForLoadState('networkidle')
      expect(await page.locator(saveControls).count(), path).toBe(0)
      expect(new URL(page.url()).pathname, path).toBe('/403')
    }
  })

  it('an editor gets the same screens with their save controls', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInAs(b, baseURL, '/admin/index', 'editor')
    await expect.poll(() => contentMenuCount(page)).toBeGreaterThan(0)
    for (const [path, control] of screens) {
      await page.goto(`${baseURL}${path}`)
      await expect
        .poll(() => page.getByTestId(control).count(), { message: path })
        .toBeGreaterThan(0)
      expect(new URL(page.url()).pathname).toBe(path)
    }
  })
})

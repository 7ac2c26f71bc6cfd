import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApiAnswer } from './helpers/staff.ts'

const baseURL = inject('baseURL')
/** No other suite uses the quality screen as `staff`; this suite puts it back at the end. */
const screen = '/supplier/quality'
const opened: Browser[] = []
afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close()
})
const open = async (viewport: typeof phone) => {
  const b = await openBrowser(viewport)
  opened.push(b)
  return b
}

/** In the role sheet of `staff`, sets the menu entry of the screen on or off and saves. */
async function setStaffScreen(page: Page, on: boolean) {
  await page.goto(`${baseURL}/system/role`)
  const card = page.locator('[data-testid="role-card"][data-code="staff"]')
  await card.getByTestId('role-edit').click()
  const box = page.locator(
    `[data-testid="role-sheet"] [data-testid="role-menu-entry"][data-path="${screen}"]`,
  )
  expect(await box.isChecked()).toBe(!on)
  await box.setChecked(on)
  await page.getByTestId('role-save').click()
  await expect.poll(() => page.getByTestId('role-sheet').count()).toBe(0)
}

/** The staff screen links in the menu of a page (desktop menu or the phone drawer). */
async function menuHas(page: Page, path: string, phoneDrawer: boolean): Promise<boolean> {
  if (phoneDrawer) {
    const drawer = page.getByTestId('shell-drawer')
    if (!(await drawer.isVisible())) await page.getByTestId('shell-fold').click()
    await drawer.locator('a[href="/supplier/purchase"]').waitFor()
    return (await drawer.locator(`a[href="${path}"]`).count()) > 0
  }
  await page.locator('a[href="/order/order"]').first().waitFor({ state: 'attached' })
  return (await page.locator(`a[href="${path}"]`).count()) > 0
}

describe('system roles: menu entries of a role', () => {
  it('an admin removes a screen from the staff role; staff lose it after a reload and its endpoint answers 403', async () => {
    const staff = await open(phone)
    await signInAs(staff, baseURL, '/admin/index', 'staff')
    expect(await menuHas(staff.page, screen, true)).toBe(true)
    expect((await staffApiAnswer(baseURL, 'staff', 'Quality/GetList', {})).status).toBe(200)

    const admin = await open(desktop)
    await signInAs(admin, baseURL, '/system/role', 'admin')
    await setStaffScreen(admin.page, false)

    expect(await staffApiAnswer(baseURL, 'staff', 'Quality/GetList', {})).toMatchObject({
      status: 403,
      code: 403,
    })
    await staff.page.reload()
    await expect.poll(() => menuHas(staff.page, screen, true), { timeout: 10_000 }).toBe(false)
    expect(await menuHas(staff.page, '/supplier/purchase', true)).toBe(true)
    // opening the page by its address ends on /403
    await staff.page.goto(`${baseURL}${screen}`)
    await staff.page.waitForURL('**/403')
  })

  it('on a phone the admin gives it back; staff on a desktop see it again after a reload', async () => {
    const staff = await open(desktop)
    await signInAs(staff, baseURL, '/admin/index', 'staff')
    expect(await menuHas(staff.page, screen, false)).toBe(false)

    const admin = await open(phone)
    await signInAs(admin, baseURL, '/system/role', 'admin')
    await setStaffScreen(admin.page, true)

    expect((await staffApiAnswer(baseURL, 'staff', 'Quality/GetList', {})).status).toBe(200)
    await staff.page.reload()
    await expect.poll(() => menuHas(staff.page, screen, false), { timeout: 10_000 }).toBe(true)
  })
})

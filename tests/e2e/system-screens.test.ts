import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs } from './helpers/staff.ts'

const baseURL = inject('baseURL')
const opened: Browser[] = []
afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close()
})
const open = async (viewport: typeof phone) => {
  const b = await openBrowser(viewport)
  opened.push(b)
  return b
}
const stamp = Date.now().toString(36)

describe('system screens', () => {
  it('departments: add two on a desktop (one with an English name, shown in English), drag the second above the first, delete an empty one', async () => {
    const b = await open(desktop)
    const { page } = b
    await signInAs(b, baseURL, '/system/department', 'admin')
    for (const name of [`E2E甲${stamp}`, `E2E乙${stamp}`]) {
      await page.getByTestId('department-new').click()
      await page.locator('[data-testid="department-form"] input[name="Name"]').fill(name)
      if (name.startsWith('E2E甲'))
        await page
          .locator('[data-testid="department-form"] input[name="NameEn"]')
          .fill(`E2E A ${stamp}`)
      await page.getByTestId('department-save').click()
      await page.locator(`[data-testid="department-row"][data-name="${name}"]`).waitFor()
    }
    const names = async () =>
      (
        await page
          .getByTestId('department-row')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? ''))
      ).filter((n) => n.endsWith(stamp))
    expect(await names()).toEqual([`E2E甲${stamp}`, `E2E乙${stamp}`])
    await page.dragAndDrop(
      `[data-testid="department-row"][data-name="E2E乙${stamp}"]`,
      `[data-testid="department-row"][data-name="E2E甲${stamp}"]`,
    )
    await expect.poll(names).toEqual([`E2E乙${stamp}`, `E2E甲${stamp}`])
    const shown = (name: string) =>
      page.locator(`[data-testid="department-row"][data-name="${name}"] strong`).textContent()
    expect(await shown(`E2E甲${stamp}`)).toBe(`E2E甲${stamp}`)
    await page.evaluate(() => localStorage.setItem('forgeline-lang', JSON.stringify('en')))
    await page.reload()
    await expect.poll(() => shown(`E2E甲${stamp}`)).toBe(`E2E A ${stamp}`)
    expect(await shown(`E2E乙${stamp}`)).toBe(`E2E乙${stamp}`)
    await page.evaluate(() => localStorage.setItem('forgeline-lang', JSON.stringify('zh')))
    await page.reload()
    await expect.poll(() => shown(`E2E甲${stamp}`)).toBe(`E2E甲${stamp}`)
    await page
      .locator(`[data-testid="department-row"][data-name="E2E甲${stamp}"] button.is-danger`)
      .click()
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click()
    await expect.poll(names).toEqual([`E2E乙${stamp}`])
  })

  it('users: an admin on a phone creates an account; its first sign-in must change the password; the log shows it and exports', async () => {
    const admin = await open(phone)
    await signInAs(admin, baseURL, '/system/user', 'admin')
    const login = `e2e-sys-${stamp}`
    await admin.page.getByTestId('user-new').click()
    const form = admin.page.getByTestId('user-form')
    await form.locator('input[name="LoginName"]').fill(login)
    await form.locator('input[name="RealName"]').fill('系统测试')
    await form.locator('select[name="Role"]').selectOption('staff')
    await form.locator('input[name="Password"]').fill('first-pass-e2e')
    await admin.page.getByTestId('user-save').click()
    await admin.page.locator(`[data-testid="user-card"][data-login="${login}"]`).waitFor()

    const user = await open(desktop)
    await user.page.goto(`${baseURL}/order/order`)
    await user.page.waitForURL(/\/login\?redirect=/)
    await user.page.getByPlaceholder('用户名').fill(login)
    await user.page.getByPlaceholder('密码').fill('first-pass-e2e')
    await user.page.getByRole('button', { name: '登录' }).click()
    await user.page.waitForURL(/\/setting\/personalCenter(\?|$)/)
    await user.page.getByTestId('must-change-password').waitFor()

    const logs = await open(desktop)
    await signInAs(logs, baseURL, '/system/log', 'admin')
    await logs.page.locator('input[name="account"]').fill(login)
    await logs.page.getByTestId('log-search').click()
    await expect
      .poll(() => logs.page.getByTestId('log-row').allTextContents())
      .toEqual([expect.stringContaining('登录成功')])
    // the operation is named in the user's language, not with the server's key
    expect(await logs.page.getByTestId('log-row').first().locator('td').nth(2).textContent()).toBe(
      '登录',
    )
    const download = logs.page.waitForEvent('download')
    await logs.page.getByTestId('log-export').click()
    expect((await download).suggestedFilename()).toMatch(/^log-\d{4}-\d{2}-\d{2}\.xlsx$/)
  })
})

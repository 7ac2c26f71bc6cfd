import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, type Browser } from './helpers/browser.ts'
import { signInAs } from './helpers/staff.ts'

const baseURL = inject('baseURL')
const opened: Browser[] = []
afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close()
})

/**
 * The built workbench page's code as the server sends it, except that its component reads a
 * field of a missing record: the kind of bug a malformed answer causes, a real TypeError thrown
 * while rendering. No test-only code ships in the app.
 */
async function breakWorkbench(b: Browser) {
  await b.context.route(/\/assets\/workbench-[\w-]+\.js$/, async (route) => {
    const res = await route.fetch()
    const code = await res.text()
    const broken = code.replace(
      /export\{(\w+) as component/,
      'const e2eBroken=function(){const record=null;return record.Title};export{e2eBroken as component',
    )
    expect(broken).not.toBe(code)
    await route.fulfill({ response: res, body: broken })
  })
}

describe('render errors reach the error log (SPEC §8)', () => {
  it('a page that throws while rendering shows the translated error state, and admins find it in /system/log', async () => {
    const b = await openBrowser(desktop)
    opened.push(b)
    const { page } = b
    await breakWorkbench(b)
    await signInAs(b, baseURL, '/admin/index', 'editor')
    await page.getByRole('link', { name: '全部消息' }).first().click()
    await page.waitForURL('**/workbench')
    // the shell stays, the page shows its error state (not a blank screen)
    const state = page.locator('.page-state[role="alert"]')
    await state.getByText('页面出错了').waitFor()
    expect(await state.getByRole('button', { name: '重试' }).count()).toBe(1)
    expect(await page.getByRole('banner').count()).toBeGreaterThan(0)
    // the header's error-log button counts it (SPEC §2)
    await page.getByTestId('error-log-button').waitFor()

    // an administrator signs in elsewhere and finds the entry, with its route and user
    const admin = await openBrowser(desktop)
    opened.push(admin)
    await signInAs(admin, baseURL, '/system/log', 'admin')
    const row = admin.page
      .getByRole('row')
      .filter({ hasText: "Cannot read properties of null (reading 'Title')" })
    await row.first().waitFor({ timeout: 30_000 })
    const text = await row.first().innerText()
    expect(text).toContain('/workbench')
    expect(text).toContain('editor')
    expect(text).toContain('前端错误')
  })
})

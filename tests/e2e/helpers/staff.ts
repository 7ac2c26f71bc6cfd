import type { Page } from 'playwright-core'
import type { Browser } from './browser.ts'

/** The shell hides the bell and the search by default (SPEC §3 theme defaults): switch them on. */
export async function showHeaderTools(br: Browser) {
  await br.context.addInitScript(() => {
    const key = 'forgeline-theme'
    const cur = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
    localStorage.setItem(key, JSON.stringify({ ...cur, showNotice: true, showSearch: true }))
  })
}

/** Opens a staff page, signs in as admin on the login page it leads to and waits to come back. */
export async function signInAsAdmin(br: Browser, baseURL: string, path: string) {
  const { page } = br
  await page.goto(`${baseURL}${path}`)
  await page.waitForURL(/\/login\?redirect=/)
  await page.getByPlaceholder('用户名').fill('admin')
  await page.getByPlaceholder('密码').fill('e2e-admin-pass')
  await page.getByRole('button', { name: '登录' }).click()
  await page.waitForURL(`**${path}`)
}

/** The figure on the notice bell (0 when the badge is hidden). */
export const badge = async (page: Page) => {
  const el = page.getByTestId('notice-bell-count')
  return (await el.count()) === 0 ? 0 : Number(await el.textContent())
}

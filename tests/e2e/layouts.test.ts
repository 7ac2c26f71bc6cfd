import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

describe('one page per layout', () => {
  it('public layout: / goes to /index with seeded content, menu and footer (phone)', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${baseURL}/`)
    await page.waitForURL('**/index')
    await expect.poll(() => page.locator('.home-slide img').count()).toBeGreaterThanOrEqual(3)
    expect(await page.locator('.category-grid li').count()).toBeGreaterThanOrEqual(6)
    expect(await page.locator('.site-footer a[href^="tel:"]').count()).toBe(1)
    expect(await page.locator('.site-footer a[href^="mailto:"]').count()).toBe(1)
    expect(await page.locator('.site-footer-qr img').count()).toBe(2)
    expect(await page.title()).toBe('首页 - 锻联精密')
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN')
    // below 999 px the menu lives in a drawer
    expect(await page.locator('.site-nav').isVisible()).toBe(false)
    await page.getByRole('button', { name: '打开菜单' }).click()
    await expect
      .poll(() => page.locator('.site-drawer').getByRole('link', { name: '关于我们' }).isVisible())
      .toBe(true)
  })

  it('public layout on a desktop shows the horizontal menu', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await page.goto(`${baseURL}/index`)
    await expect.poll(() => page.locator('.site-nav').isVisible()).toBe(true)
    expect(await page.locator('.site-menu-button').isVisible()).toBe(false)
  })

  it('login page renders without the site layout', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${baseURL}/login`)
    await expect.poll(() => page.getByRole('button', { name: '登录' }).isVisible()).toBe(true)
    expect(await page.locator('.site-footer').count()).toBe(0)
  })

  it('staff page redirects to login and comes back after signing in', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await page.goto(`${baseURL}/admin/index`)
    await page.waitForURL(/\/login\?redirect=/)
    await page.getByPlaceholder('用户名').fill('admin')
    await page.getByPlaceholder('密码').fill('e2e-admin-pass')
    await page.getByRole('button', { name: '登录' }).click()
    await page.waitForURL('**/admin/index')
    await expect.poll(() => page.locator('.staff-header').isVisible()).toBe(true)
    const cookies = await b.context.cookies()
    expect(cookies.find((c) => c.name === 'admin-pro-token')?.sameSite).toBe('Strict')
  })

  it('unknown paths answer 404 in the site layout; /404 stays a page', async () => {
    b = await openBrowser(phone)
    const { page } = b
    const res = await page.goto(`${baseURL}/no/such/page`)
    expect(res?.status()).toBe(404)
    await page.getByTestId('page-missing').waitFor()
    expect(page.url()).toMatch(/\/no\/such\/page$/)
    await page.goto(`${baseURL}/404`)
    await expect.poll(() => page.getByTestId('status-404').isVisible()).toBe(true)
  })
  it('an unknown address under a staff section is not found in the staff layout; elsewhere in the site layout', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await page.goto(`${baseURL}/login`)
    await page.getByPlaceholder('用户名').fill('admin')
    await page.getByPlaceholder('密码').fill('e2e-admin-pass')
    await page.getByRole('button', { name: '登录' }).click()
    await page.waitForURL('**/admin/index')
    for (const path of ['/order/nope', '/System/x/y']) {
      const res = await page.goto(`${baseURL}${path}`)
      expect(res?.status(), path).toBe(404)
      await page.getByTestId('staff-page-missing').waitFor()
      expect(await page.locator('.staff-header').isVisible(), path).toBe(true)
      expect(await page.locator('.site-footer').count(), path).toBe(0)
    }
    // the same depth outside the staff sections: the site's not-found page
    const res = await page.goto(`${baseURL}/news/nope`)
    expect(res?.status()).toBe(404)
    await page.getByTestId('page-missing').waitFor()
    expect(await page.getByTestId('staff-page-missing').count()).toBe(0)
    // /admin alone is the door to the dashboard, not an unknown address
    await page.goto(`${baseURL}/admin`)
    await page.waitForURL('**/admin/index')
  })
})

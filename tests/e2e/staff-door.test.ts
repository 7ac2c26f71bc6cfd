import { afterEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'

/*
 * The back-office door: a discreet staff sign-in link in the public footer in both
 * languages, and `/admin` opening the dashboard, through sign-in when signed out.
 */

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

async function signIn(br: Browser) {
  await br.page.getByPlaceholder('用户名').fill('admin')
  await br.page.getByPlaceholder('密码').fill('e2e-admin-pass')
  await br.page.getByRole('button', { name: '登录' }).click()
}

describe('the staff door', () => {
  it('the public footer links to staff sign-in in Chinese and English, which asks to sign in for the dashboard', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${baseURL}/aboutus`)
    const zh = page.locator('.site-footer').getByRole('link', { name: '员工登录' })
    await expect.poll(() => zh.getAttribute('href')).toBe('/admin')
    await page.locator('.lang-switch').first().click()
    const en = page.locator('.site-footer').getByRole('link', { name: 'Staff sign-in' })
    await expect.poll(() => en.count()).toBe(1)
    await en.click()
    await page.waitForURL(/\/login\?redirect=/)
    expect(decodeURIComponent(new URL(page.url()).search)).toMatch(/redirect=\/admin(\/index)?$/)
    await expect.poll(() => page.getByRole('button', { name: /^(Sign in|登录)$/ }).count()).toBe(1)
  })

  it('/admin goes through sign-in to the dashboard, and straight to it once signed in', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${baseURL}/admin`)
    await page.waitForURL(/\/login\?redirect=/)
    await signIn(b)
    await page.waitForURL('**/admin/index')
    await expect.poll(() => page.getByTestId('staff-user').textContent()).toBe('系统管理员')
    await page.goto(`${baseURL}/admin`)
    await page.waitForURL('**/admin/index')
    await expect.poll(() => page.getByTestId('staff-user').textContent()).toBe('系统管理员')
  })
})

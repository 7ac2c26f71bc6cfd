import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

const tokenCookie = async (br: Browser) =>
  (await br.context.cookies()).find((c) => c.name === 'admin-pro-token')

async function signInWithPassword(br: Browser, path: string) {
  const { page } = br
  await page.goto(`${baseURL}${path}`)
  await page.waitForURL(/\/login\?redirect=/)
  await page.getByPlaceholder('用户名').fill('admin')
  await page.getByPlaceholder('密码').fill('e2e-admin-pass')
  await page.getByRole('button', { name: '登录' }).click()
}

describe('encrypted sign-in through the real page and server', () => {
  it('the login request carries only `param`, never the password, and signs in', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    const logins: { body: string; contentType: string }[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/User\/Login$/i.test(new URL(r.url()).pathname)) {
        logins.push({ body: r.postData() ?? '', contentType: r.headers()['content-type'] ?? '' })
      }
    })
    await signInWithPassword(b, '/admin/index')
    await page.waitForURL('**/admin/index')
    await expect.poll(() => page.getByTestId('staff-user').textContent()).toBe('系统管理员')
    expect(logins).toHaveLength(1)
    const { body } = logins[0]!
    expect(body).not.toContain('e2e-admin-pass')
    expect(body).not.toContain('password')
    const sent = JSON.parse(body) as Record<string, string>
    expect(Object.keys(sent)).toEqual(['param'])
    // 128-byte RSA blocks, base64
    expect(Buffer.from(sent.param!, 'base64').length % 128).toBe(0)
  })

  it('when the key cannot be fetched the page says so and sends nothing', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await page.route(/\/publicKey$/i, (route) => route.abort('connectionrefused'))
    const logins: string[] = []
    page.on('request', (r) => {
      if (/\/api\/User\/Login$/i.test(new URL(r.url()).pathname)) logins.push(r.postData() ?? '')
    })
    await signInWithPassword(b, '/admin/index')
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: '无法安全登录' }).count())
      .toBe(1)
    expect(logins).toEqual([])
    expect(page.url()).toContain('/login')
  })
})

describe('sessions in the browser', () => {
  it('a reload keeps the session and logout clears cookie, storage and cached data', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await signInWithPassword(b, '/order/order?id=1')
    await page.waitForURL('**/order/order?id=1')
    await expect.poll(() => page.getByTestId('staff-user').textContent()).toBe('系统管理员')
    await page.reload()
    await expect.poll(() => page.getByTestId('staff-user').textContent()).toBe('系统管理员')
    expect(page.url()).toContain('/order/order?id=1')

    await page.getByTestId('shell-user-menu').click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.locator('.shell-confirm-ok').click()
    await page.waitForURL('**/login')
    expect(await tokenCookie(b)).toBeUndefined()
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('token'))),
    ).toEqual([])
    // the staff area is closed again
    await page.goto(`${baseURL}/admin/index`)
    await page.waitForURL(/\/login\?redirect=/)
  })

  it('a revoked session sends the user back to sign in', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await signInWithPassword(b, '/admin/index')
    await page.waitForURL('**/admin/index')
    const token = (await tokenCookie(b))!.value
    await fetch(`${baseURL}/logout`, { headers: { authorization: `Bearer ${token}` } })
    await page.reload()
    await page.waitForURL(/\/login/)
  })
})

describe('WeChat sign-in through the stand-in provider', () => {
  const wechatTo = async (br: Browser, openId: string) => {
    const { page } = br
    await page.goto(`${baseURL}/login`)
    await page.getByRole('link', { name: '微信登录' }).click()
    await page.waitForURL('**/wechat-standin/authorize**')
    await page.locator(`a[data-openid="${openId}"]`).click()
  }

  it('outcome 1: one account signs straight in', async () => {
    b = await openBrowser(phone)
    await wechatTo(b, 'standin-one')
    await b.page.waitForURL('**/admin/index')
    await expect.poll(() => b!.page.getByTestId('staff-user').textContent()).toBe('车间主管')
  })

  it('outcome 2: several accounts -> choose one', async () => {
    b = await openBrowser(phone)
    await wechatTo(b, 'standin-multi')
    await b.page.waitForURL('**/selectaccount?accounts=editor%2Cstaff')
    await b.page.getByTestId('account-choice').filter({ hasText: 'editor' }).click()
    await b.page.waitForURL('**/admin/index')
    await expect.poll(() => b!.page.getByTestId('staff-user').textContent()).toBe('内容编辑')
  })

  it('outcome 3: no account -> message and back to login', async () => {
    b = await openBrowser(phone)
    await wechatTo(b, 'standin-none')
    await b.page.waitForURL('**/login')
    await expect.poll(() => b!.page.getByText('该微信未绑定任何账号').isVisible()).toBe(true)
    expect(await tokenCookie(b)).toBeUndefined()
  })

  it('a new identity binds to an account', async () => {
    b = await openBrowser(phone)
    await wechatTo(b, 'new')
    await b.page.waitForURL('**/wxbd')
    await b.page.getByPlaceholder('用户名').fill('staff')
    await b.page.getByPlaceholder('密码').fill('e2e-staff-pass')
    await b.page.getByRole('button', { name: '绑定并登录' }).click()
    await b.page.waitForURL('**/admin/index')
  })
})

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { startServer, type ServerHandle } from './helpers/server.ts'
import { signInAs } from './helpers/staff.ts'

// its own server: the codes come from the development SMS sender's lines in the server log
let server: ServerHandle
let base = ''
let b: Browser | undefined
let admin: Browser | undefined
beforeAll(async () => {
  // the development sender writes codes at debug level only
  server = await startServer({ SMS_SENDER: 'log', LOG_LEVEL: 'debug', LOG_FORMAT: 'json' })
  base = server.baseURL
})
afterAll(() => server?.stop())
afterEach(async () => {
  await b?.close()
  await admin?.close()
  b = admin = undefined
})

/** The last code the development sender wrote to the log for a number and purpose. */
function loggedCode(mobile: string, purpose: 'login' | 'register'): string | undefined {
  let code: string | undefined
  for (const line of server.output().split('\n')) {
    if (!line.includes('"smsCode"')) continue
    const o = JSON.parse(line) as { mobile?: string; purpose?: string; smsCode?: string }
    if (o.mobile === mobile && o.purpose === purpose) code = o.smsCode
  }
  return code
}

async function api<T>(
  path: string,
  body: unknown,
  token?: string,
): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  return (await res.json()) as { code: number; msg: string; data: T }
}
const adminToken = async () =>
  (await api<{ Token: string }>('User/Login', { username: 'admin', password: 'e2e-admin-pass' }))
    .data.Token
async function saveUser(postData: Record<string, unknown[]>) {
  const r = await api('PostData/PostCommon', { postUrl: 'SaveUser', postData }, await adminToken())
  expect(r.code).toBe(200)
}
async function userId(login: string) {
  const r = await api<{ result: { Id: number; LoginName: string }[] }>(
    'User/GetList',
    { keyword: login, pageIndex: 1, pageSize: 10 },
    await adminToken(),
  )
  return r.data.result.find((u) => u.LoginName === login)!.Id
}

/** Presses the code button and waits until it counts down, disabled. */
async function askForCode(page: Page) {
  const button = page.getByTestId('sms-code-button')
  await button.tap()
  await expect.poll(() => button.textContent()).toMatch(/^\d+ 秒后重新获取$/)
  expect(await button.isDisabled()).toBe(true)
  const first = Number((await button.textContent())!.split(' ')[0])
  expect(first).toBeLessThanOrEqual(60)
  // it keeps counting down
  await expect
    .poll(() => button.textContent().then((s) => Number(s!.split(' ')[0])), { timeout: 5000 })
    .toBeLessThan(first)
}

async function passwordSignIn(page: Page, username: string, password: string) {
  await page.goto(`${base}/login`)
  await page.getByPlaceholder('用户名').fill(username)
  await page.getByPlaceholder('密码').fill(password)
  await page.getByRole('button', { name: '登录' }).tap()
}

describe('sign-up on a phone (390x844, touch)', () => {
  it('registers with a phone code, waits for a role, and works once an admin assigns one', async () => {
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${base}/login`)
    await page.getByTestId('register-link').tap()
    await page.waitForURL('**/register')
    // the login page (same placeholders) may still show while the register page loads
    await page.getByTestId('register-page').getByPlaceholder('用户名').fill('phoneuser1')
    await page.getByPlaceholder('密码', { exact: true }).fill('phone-user-pass-1')
    await page.getByPlaceholder('确认密码').fill('phone-user-pass-2')
    // SPEC §5 messages before anything is sent
    await page.getByTestId('sms-code-button').tap()
    await expect.poll(() => page.getByText('请输入手机号', { exact: true }).count()).toBe(1)
    await page.getByPlaceholder('手机号').fill('1370000123')
    await page.getByTestId('sms-code-button').tap()
    await expect.poll(() => page.getByText('请输入正确的手机号', { exact: true }).count()).toBe(1)
    await page.getByPlaceholder('手机号').fill('13700001234')
    await askForCode(page)
    await expect.poll(() => loggedCode('13700001234', 'register')).toMatch(/^\d{6}$/)
    await page.getByTestId('register-save').tap()
    await expect.poll(() => page.getByText('两次输入的密码不一致').count()).toBe(1)
    await page.getByPlaceholder('确认密码').fill('phone-user-pass-1')
    await page
      .getByPlaceholder('验证码', { exact: true })
      .fill(loggedCode('13700001234', 'register')!)
    await page.getByTestId('register-save').tap()
    await page.waitForURL('**/login')
    await expect.poll(() => page.getByText('注册成功，请等待管理员分配角色').count()).toBe(1)

    // signed in without a role: a clear notice, not an empty shell
    await passwordSignIn(page, 'phoneuser1', 'phone-user-pass-1')
    await page.waitForURL('**/admin/index')
    await expect.poll(() => page.getByTestId('awaiting-role').count()).toBe(1)

    // the admin sees accounts waiting for a role on the dashboard
    admin = await openBrowser(desktop)
    await signInAs(admin, base, '/admin/index')
    await expect
      .poll(async () =>
        Number(await admin!.page.getByTestId('dash-without-role-value').textContent()),
      )
      .toBeGreaterThanOrEqual(1)
    await saveUser({ updateRecords: [{ Id: await userId('phoneuser1'), Role: 'staff' }] })

    // signed in again, the account opens its pages
    await b.close()
    b = await openBrowser(phone)
    await passwordSignIn(b.page, 'phoneuser1', 'phone-user-pass-1')
    await b.page.waitForURL('**/admin/index')
    await expect.poll(() => b!.page.getByTestId('dashboard').count()).toBe(1)
    expect(await b.page.getByTestId('awaiting-role').count()).toBe(0)
    await b.page.goto(`${base}/order/order`)
    await b.page.waitForURL('**/order/order')
    expect(b.page.url()).not.toContain('/403')
  })
})

describe('phone-code sign-in', () => {
  it('signs in with the code sent to the number, after the 60 s button counts down; a wrong code is refused', async () => {
    await saveUser({ updateRecords: [{ Id: await userId('staff'), Mobile: '13700005678' }] })
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${base}/login`)
    await page.getByTestId('login-mode-phone').tap()
    await page.waitForURL('**/phonelogin')
    await page.getByPlaceholder('手机号').fill('13700005678')
    await page.getByTestId('phone-login-save').tap()
    await expect.poll(() => page.getByText('请输入手机验证码', { exact: true }).count()).toBe(1)
    await askForCode(page)
    await expect.poll(() => loggedCode('13700005678', 'login')).toMatch(/^\d{6}$/)
    const code = loggedCode('13700005678', 'login')!
    await page
      .getByPlaceholder('验证码', { exact: true })
      .fill(code === '000000' ? '111111' : '000000')
    await page.getByTestId('phone-login-save').tap()
    await expect.poll(() => page.getByText('验证码错误').count()).toBe(1)
    await page.getByPlaceholder('验证码', { exact: true }).fill(code)
    await page.getByTestId('phone-login-save').tap()
    await page.waitForURL('**/admin/index')
    await expect.poll(() => page.getByTestId('staff-user').count()).toBeGreaterThan(0)
  })
})

describe('forced password change', () => {
  it('refuses the temporary password as the new one; afterwards the temporary one no longer signs in', async () => {
    await saveUser({
      insertRecords: [{ LoginName: 'tempphone', Role: 'staff', Password: 'temporary-pass-1' }],
    })
    b = await openBrowser(phone)
    const { page } = b
    await passwordSignIn(page, 'tempphone', 'temporary-pass-1')
    // the personal centre, with the page asked for kept as `redirect=`
    await page.waitForURL(/\/setting\/personalCenter(\?|$)/)
    const fill = async (oldPass: string, newPass: string) => {
      await page.locator('input[name="oldPass"]').fill(oldPass)
      await page.locator('input[name="newPass"]').fill(newPass)
      await page.locator('input[name="confirmPass"]').fill(newPass)
      await page.getByRole('button', { name: '修改密码' }).tap()
    }
    await fill('temporary-pass-1', 'temporary-pass-1')
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: '新密码不能与当前密码相同' }).count())
      .toBe(1)
    await fill('temporary-pass-1', 'my-own-pass-99')
    await expect.poll(() => page.getByText('密码修改成功').count()).toBeGreaterThan(0)
    expect(
      (await api('User/Login', { username: 'tempphone', password: 'temporary-pass-1' })).code,
    ).toBe(500)
    expect(
      (await api('User/Login', { username: 'tempphone', password: 'my-own-pass-99' })).code,
    ).toBe(200)
  })
})

describe('REGISTRATION=false', () => {
  it('hides the sign-up link and the page says registration is closed', async () => {
    const closed = await startServer({ REGISTRATION: 'false' })
    try {
      b = await openBrowser(phone)
      const { page } = b
      const answered = page.waitForResponse((r) => r.url().includes('/User/SignUpOptions'))
      await page.goto(`${closed.baseURL}/login`)
      expect(
        ((await (await answered).json()) as { data: { registration: boolean } }).data.registration,
      ).toBe(false)
      // the page has had the answer: the sign-in form shows (no phone tab: this server sends no
      // codes), the sign-up link does not
      await page.getByPlaceholder('用户名').waitFor()
      expect(await page.getByTestId('login-mode-phone').count()).toBe(0)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
      expect(await page.getByTestId('register-link').count()).toBe(0)
      await page.goto(`${closed.baseURL}/register`)
      await expect.poll(() => page.getByTestId('register-closed').count()).toBe(1)
      expect(await page.getByTestId('register-save').count()).toBe(0)
    } finally {
      await closed.stop()
    }
  })
})

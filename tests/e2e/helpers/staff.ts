import type { Page } from 'playwright-core'
import type { Browser } from './browser.ts'

/** The shell hides the search by default (SPEC §3 theme defaults; the bell shows): switch both on. */
export async function showHeaderTools(br: Browser) {
  await br.context.addInitScript(() => {
    const key = 'forgeline-theme'
    const cur = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
    localStorage.setItem(key, JSON.stringify({ ...cur, showNotice: true, showSearch: true }))
  })
}

/**
 * Opens a staff page, signs in on the login page it leads to (admin unless told; the e2e
 * passwords are `e2e-{user}-pass`) and waits to come back.
 */
export async function signInAs(
  br: Browser,
  baseURL: string,
  path: string,
  user: 'admin' | 'editor' | 'staff' = 'admin',
) {
  const { page } = br
  await page.goto(`${baseURL}${path}`)
  await page.waitForURL(/\/login\?redirect=/)
  // the login page in Chinese (the default) or in English (a browser set to English)
  await page.getByPlaceholder(/^(用户名|User name)$/).fill(user)
  await page.getByPlaceholder(/^(密码|Password)$/).fill(`e2e-${user}-pass`)
  await page.getByRole('button', { name: /^(登录|Sign in)$/ }).click()
  await page.waitForURL(`**${path}`)
}

/** The figure on the notice bell (0 when the badge is hidden). */
export const badge = async (page: Page) => {
  const el = page.getByTestId('notice-bell-count')
  return (await el.count()) === 0 ? 0 : Number(await el.textContent())
}

/** The signed-in user's notices as the server has them (token from the session cookie). */
export const serverNotices = (page: Page) =>
  page.evaluate(async () => {
    const token =
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('admin-pro-token='))
        ?.split('=')[1] ?? ''
    const res = await fetch('/api/Notice/GetList', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${decodeURIComponent(token)}`,
      },
      body: JSON.stringify({ pageIndex: 1, pageSize: 100, isAll: true }),
    })
    const body = (await res.json()) as {
      data: { UnreadCount: number; result: { Id: number; IsRead: boolean }[] }
    }
    return {
      unread: body.data.UnreadCount,
      readIds: body.data.result.filter((n) => n.IsRead).map((n) => n.Id),
    }
  })

/** Signs in through the API as a seeded e2e account and POSTs a staff call; returns its `data`. */
export async function staffApi<T>(
  baseURL: string,
  user: 'admin' | 'editor' | 'staff',
  path: string,
  body: unknown,
): Promise<T> {
  const login = await fetch(`${baseURL}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: `e2e-${user}-pass` }),
  })
  const token = ((await login.json()) as { data: { Token: string } }).data.Token
  const res = await fetch(`${baseURL}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  return ((await res.json()) as { data: T }).data
}

/** Like `staffApi`, with the HTTP status and envelope code (for checking refusals such as 403). */
export async function staffApiAnswer<T>(
  baseURL: string,
  user: 'admin' | 'editor' | 'staff',
  path: string,
  body: unknown,
) {
  const login = await fetch(`${baseURL}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: `e2e-${user}-pass` }),
  })
  const token = ((await login.json()) as { data: { Token: string } }).data.Token
  const res = await fetch(`${baseURL}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { code: number; data: T }
  return { status: res.status, code: json.code, data: json.data }
}

import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { root } from './helpers/server.ts'
import { badge, showHeaderTools } from './helpers/staff.ts'

/**
 * `npm run dev:mock`: the Vite dev server in mock mode with no API server at all;
 * msw answers every API call in the browser. Not the shared e2e server: its own process.
 */
let vite: ChildProcess | undefined
let baseURL = ''

async function startMockDevServer() {
  let out = ''
  // port 0: the system picks a free port as Vite binds it; Vite prints the address it got
  vite = spawn(
    path.join(root, 'node_modules/.bin/vite'),
    ['--mode', 'mock', '--host', '127.0.0.1', '--port', '0'],
    {
      cwd: root,
      // the client's own default API base (`/api`), whatever the calling shell has set
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'VITE_API_BASE')),
        NO_COLOR: '1',
      },
    },
  )
  vite.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  vite.stderr?.on('data', (d: Buffer) => (out += d.toString()))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (vite.exitCode !== null) throw new Error(`vite --mode mock exited: ${out}`)
    // eslint-disable-next-line no-control-regex -- colour codes around the port
    const local = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out.replace(/\x1b\[[0-9;]*m/g, ''))
    if (local) {
      try {
        if ((await fetch(`${local[1]}/mockServiceWorker.js`)).ok) {
          baseURL = local[1]!
          break
        }
      } catch {
        /* not answering yet */
      }
    }
    if (Date.now() > deadline) throw new Error(`vite --mode mock did not start: ${out}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

beforeAll(startMockDevServer, 120_000)
afterAll(() => {
  vite?.kill('SIGTERM')
})

/** Signs in on the login page as a SPEC §7 mock account (the password is not checked). */
async function signIn(br: Browser, user: string) {
  const { page } = br
  await page.goto(`${baseURL}/admin/index`)
  await page.waitForURL(/\/login\?redirect=/, { timeout: 90_000 })
  await page.getByPlaceholder('用户名').fill(user)
  await page.getByPlaceholder('密码').fill('whatever-you-like')
  await page.getByRole('button', { name: '登录' }).click()
  await page.waitForURL('**/admin/index')
  await page.getByTestId('dashboard').waitFor()
}

/** Every API answer the page got, and whether msw's worker produced it. */
function watchApi(br: Browser) {
  const seen: { url: string; fromWorker: boolean }[] = []
  br.page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/'))
      seen.push({ url: r.url(), fromWorker: r.fromServiceWorker() })
  })
  return seen
}

describe('npm run dev:mock', () => {
  it('serves the worker script only from the dev server, never the PWA worker', async () => {
    const res = await fetch(`${baseURL}/mockServiceWorker.js`)
    expect(res.headers.get('content-type')).toContain('javascript')
    expect(await res.text()).toContain('INTEGRITY_CHECKSUM')
    // no proxy to an API server in mock mode: the dev server itself knows no API
    expect((await fetch(`${baseURL}/api/publicKey`)).headers.get('content-type')).toContain(
      'text/html',
    )
  })

  it('desktop: admin signs in, sees the menu, the notice bell and marks a notice read', async () => {
    const br = await openBrowser(desktop)
    try {
      await showHeaderTools(br)
      const api = watchApi(br)
      const { page } = br
      await signIn(br, 'admin')
      expect(await page.getByTestId('dashboard-greeting').textContent()).toContain('管理员')
      // the admin's menu has the system group: in the row, or under "更多" when the row is full
      const header = page.getByTestId('shell-header')
      await expect.poll(() => header.getByText('首页').first().isVisible()).toBe(true)
      if (!(await header.getByText('系统管理').first().isVisible()))
        await header.getByRole('button', { name: '更多' }).hover()
      await expect.poll(() => header.getByText('系统管理').first().isVisible()).toBe(true)
      await expect.poll(() => badge(page)).toBe(3)
      await page.getByTestId('notice-bell').click()
      const panel = page.getByTestId('notice-panel')
      await expect.poll(() => panel.getByTestId('notice-item').count()).toBe(3)
      expect(await panel.getByTestId('notice-item').first().textContent()).toContain(
        '订单 SO-2025-003 已创建，待审核',
      )
      // View opens the order in a new tab and marks the notice read
      const [popup] = await Promise.all([
        br.context.waitForEvent('page'),
        panel.getByTestId('notice-item').first().getByRole('button').click(),
      ])
      await popup.waitForURL(/\/order\/order\?id=3&orderId=SO-2025-003$/)
      await popup.close()
      await expect.poll(() => badge(page)).toBe(2)
      // realtime notices without a server: the mocked /ws accepts the session and says ready
      const first = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const token = decodeURIComponent(
              document.cookie
                .split('; ')
                .find((c) => c.startsWith('admin-pro-token='))
                ?.split('=')[1] ?? '',
            )
            const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws?lang=zh`)
            ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }))
            ws.onmessage = (e) => resolve(String(e.data))
            ws.onerror = () => resolve('error')
          }),
      )
      expect(JSON.parse(first)).toEqual({ type: 'ready' })
      // the PWA worker is not registered: the only worker is msw's
      const workers = await page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map(
          (r) => new URL(r.active?.scriptURL ?? '').pathname,
        ),
      )
      expect(workers).toEqual(['/mockServiceWorker.js'])
      expect(api.length).toBeGreaterThan(3)
      expect(api.filter((a) => !a.fromWorker)).toEqual([])
    } finally {
      await br.close()
    }
  }, 150_000)

  it('phone: the menu drawer of the test account (shop floor) and the notice sheet', async () => {
    const br = await openBrowser(phone)
    try {
      await showHeaderTools(br)
      const { page } = br
      await signIn(br, 'test')
      await page.getByTestId('shell-fold').click()
      const drawer = page.getByTestId('shell-drawer')
      await expect.poll(() => drawer.getByText('供应商管理').isVisible()).toBe(true)
      expect(await drawer.getByText('系统管理').count()).toBe(0)
      await page.mouse.click(380, 400) // close the drawer by its mask
      await page.getByTestId('notice-bell').click()
      await expect
        .poll(() => page.getByTestId('notice-panel').getByTestId('notice-item').count())
        .toBe(3)
    } finally {
      await br.close()
    }
  }, 150_000)
})

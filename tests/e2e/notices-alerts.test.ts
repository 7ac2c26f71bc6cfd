import fs from 'node:fs'
import os from 'node:os'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config'
import { start, type Running } from '#server/start'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { root } from './helpers/server.ts'
import { badge, signInAs, staffApi } from './helpers/staff.ts'

/*
 * Shop-floor staff on a phone: the bell shows without touching the theme settings, a
 * notice sent while the app is open shows a banner, vibrates and updates the app-icon badge, and
 * View opens the notice inside the app and closes the sheet. The server runs in this process so
 * the test sends notices the way server modules do (`app.notify`).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-e2e-alerts-'))
let running: Running | undefined
let baseURL = ''
let b: Browser | undefined

beforeAll(async () => {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'e2e-admin-pass',
    CLIENT_DIR: path.join(root, 'dist'),
  })
  running = await start(config, () => {})
  baseURL = `http://127.0.0.1:${(running.app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await b?.close()
  await running?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

type Calls = { vibrate: unknown[]; badge: (number | 'clear')[] }
const calls = (b: Browser) =>
  b.page.evaluate(() => (window as unknown as { __calls: Calls }).__calls)

describe('notice alerts on a phone', () => {
  it('bell shown by default; a live notice shows a banner, vibrates, badges the app icon; View stays in the app and closes the sheet', async () => {
    // an order a notice can point at (the seeded notices of order type name real orders)
    const list = await staffApi<{
      result: { CreateType: number; OrderId: number; OrderNo: string }[]
    }>(baseURL, 'admin', 'Notice/GetList', {
      pageIndex: 1,
      pageSize: 100,
      isAll: true,
    })
    const order = list.result.find((n) => n.CreateType === 2)
    expect(order).toBeDefined()

    b = await openBrowser(phone)
    const { page, context } = b
    // records our calls to the device APIs (no vibration motor or app icon in headless Chromium)
    await context.addInitScript(() => {
      const rec: Calls = { vibrate: [], badge: [] }
      Object.assign(window, { __calls: rec })
      Object.assign(navigator, {
        vibrate: (p: unknown) => (rec.vibrate.push(p), true),
        setAppBadge: (n: number) => (rec.badge.push(n), Promise.resolve()),
        clearAppBadge: () => (rec.badge.push('clear'), Promise.resolve()),
      })
    })
    await signInAs(b, baseURL, '/admin/index')

    // shown by default: no theme setting stored
    const bell = page.getByTestId('notice-bell')
    await expect.poll(() => bell.isVisible()).toBe(true)
    await expect.poll(() => badge(page)).toBeGreaterThan(0)
    const before = await badge(page)
    await expect.poll(async () => (await calls(b!)).badge.at(-1)).toBe(before)

    // the sheet is open when the notice comes
    await bell.click()
    const sheet = page.locator('.adm-popup-body [data-testid="notice-panel"]')
    await expect.poll(() => sheet.isVisible()).toBe(true)
    await running!.app.notify({
      type: 2,
      orderId: order!.OrderId,
      orderNo: order!.OrderNo,
      msg: '横幅通知测试',
      msgEn: 'Banner notice test',
    })

    const banner = page.getByTestId('notice-banner')
    await expect.poll(() => banner.textContent(), { timeout: 20_000 }).toContain('横幅通知测试')
    await expect.poll(async () => (await calls(b!)).vibrate.length).toBe(1)
    await expect.poll(async () => (await calls(b!)).badge.at(-1)).toBe(before + 1)

    // View: the notice's page in this tab, the sheet closed, the notice read
    await banner.getByTestId('notice-banner-view').click()
    await page.waitForURL(
      (u) => u.pathname === '/order/order' && u.searchParams.get('orderId') === order!.OrderNo,
    )
    expect(context.pages()).toHaveLength(1)
    await expect.poll(() => sheet.count()).toBe(0)
    await expect.poll(() => banner.count()).toBe(0)
    await expect.poll(() => badge(page)).toBe(before)

    // View in the sheet: in the app as well, and the sheet closes
    await bell.click()
    await expect.poll(() => sheet.getByTestId('notice-item').count()).toBeGreaterThan(0)
    const item = sheet.getByTestId('notice-item').first()
    await item.locator('button').click()
    await page.waitForURL(
      (u) =>
        /^\/(supplier\/purchase|supplier\/outsourcing|order\/order|ship\/ship|supplier\/forms)$/.test(
          u.pathname,
        ) && u.searchParams.has('id'),
    )
    expect(context.pages()).toHaveLength(1)
    await expect.poll(() => sheet.count()).toBe(0)
    await expect.poll(() => badge(page)).toBe(before - 1)
  })

  it('in the background, once allowed, a notice raises a system notification; nothing asks on load', async () => {
    await b?.close()
    b = await openBrowser(phone)
    const { page, context } = b
    await context.grantPermissions(['notifications'], { origin: baseURL })
    await context.addInitScript(() => {
      const w = window as unknown as { __hidden: boolean; __asked: number }
      w.__hidden = false
      w.__asked = 0
      Object.defineProperty(Document.prototype, 'visibilityState', {
        get: () => (w.__hidden ? 'hidden' : 'visible'),
      })
      const ask = Notification.requestPermission.bind(Notification)
      Notification.requestPermission = () => (w.__asked++, ask())
    })
    await signInAs(b, baseURL, '/admin/index')
    await page.getByTestId('notice-bell').click()
    await expect
      .poll(() => page.getByTestId('notice-permission').getAttribute('data-state'))
      .toBe('granted')
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))

    const shown = () =>
      page.evaluate(async () =>
        ((await (await navigator.serviceWorker.getRegistration())?.getNotifications()) ?? []).map(
          (n) => `${n.title}: ${n.body}`,
        ),
      )
    await running!.app.notify({
      type: 3,
      orderId: 1,
      orderNo: 'SO-SEEN',
      msg: '前台通知',
      msgEn: 'Seen notice',
    })
    await expect
      .poll(() => page.getByTestId('notice-banner').textContent(), { timeout: 20_000 })
      .toContain('前台通知')
    await page.evaluate(() => Object.assign(window, { __hidden: true }))
    await running!.app.notify({
      type: 3,
      orderId: 2,
      orderNo: 'SO-AWAY',
      msg: '后台通知',
      msgEn: 'Background notice',
    })
    await expect.poll(shown, { timeout: 20_000 }).toEqual(['新消息: 后台通知'])
  })
})

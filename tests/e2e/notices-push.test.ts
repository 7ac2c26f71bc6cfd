import fs from 'node:fs'
import os from 'node:os'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Worker } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config'
import { start, type Running } from '#server/start'
import { browserKeys, decryptAes128gcm, startPushService } from '../server/helpers/push-service.ts'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { root } from './helpers/server.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

/*
 * Web Push on a phone (fresh Chromium profile, 390x844 touch). Headless Chromium has
 * no push service, so the chain is cut where the network would carry it: the server pushes a new
 * notice to a local stand-in push service, the test decrypts it with the subscription keys it
 * made (the browser's part) and hands the plain message to the installed app's service worker
 * with the DevTools protocol (`ServiceWorker.deliverPushMessage`). A system notification cannot
 * be clicked through CDP: the click is a `notificationclick` dispatched inside the worker (its
 * own handler, the path in-page notifications use), once with the app open in a window (it is
 * focused and opens the record) and once with no window (it asks for a new window at the record; see below).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-e2e-push-'))
let running: Running | undefined
let service: Awaited<ReturnType<typeof startPushService>> | undefined
let baseURL = ''
let b: Browser | undefined

beforeAll(async () => {
  service = await startPushService()
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'e2e-admin-pass',
    CLIENT_DIR: path.join(root, 'dist'),
    WEB_PUSH_HOSTS: service.origin,
  })
  running = await start(config, () => {})
  baseURL = `http://127.0.0.1:${(running.app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await b?.close()
  await running?.stop()
  await service?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('Web Push on a phone', () => {
  it('a pushed notice shows a system notification with the app icon and badge; its tap opens the record in the app', async () => {
    // a second attempt (vitest's retry) starts from a fresh browser and counts only its own push
    await b?.close().catch(() => undefined)
    const pushedBefore = service!.received.length
    b = await openBrowser(phone)
    const { page, context } = b
    await context.grantPermissions(['notifications'], { origin: baseURL })
    await context.addInitScript(() => {
      const w = window as unknown as { __asked: number }
      w.__asked = 0
      const ask = Notification.requestPermission.bind(Notification)
      Notification.requestPermission = () => (w.__asked++, ask())
    })
    const cdp = await context.newCDPSession(page)
    // each registration as last reported (a registration replaced later is reported deleted)
    const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>()
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      for (const r of e.registrations) registrations.set(r.registrationId, r)
    })
    await cdp.send('ServiceWorker.enable')

    await signInAs(b, baseURL, '/admin/index')
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))

    // the sheet offers push (never asked on load) and says it is off on this fresh profile
    await page.getByTestId('notice-bell').click()
    const push = page.getByTestId('notice-push')
    await expect.poll(() => push.getAttribute('data-state')).toBe('off')
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0)
    await page.screenshot({ path: path.join(os.tmpdir(), 'forgeline-e2e-push-sheet.png') })
    await page
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 10, y: 10 } })
    await expect.poll(() => push.count()).toBe(0)

    // this device's subscription, with keys the test holds (headless Chromium cannot subscribe)
    const keys = browserKeys()
    await staffApi(baseURL, 'admin', 'Push/Subscribe', {
      endpoint: `${service!.origin}/push/phone`,
      keys: keys.json,
      lang: 'zh',
    })
    const orders = await staffApi<{ result: { Id: number; OrderNo: string }[] }>(
      baseURL,
      'admin',
      'Order/GetList',
      { pageIndex: 1, pageSize: 1 },
    )
    const order = orders.result[0]!
    await running!.app.notify({
      type: 2,
      orderId: order.Id,
      orderNo: order.OrderNo,
      msg: '推送通知测试',
      msgEn: 'Push notice test',
    })
    await running!.app.push.idle()
    const sent = service!.received.slice(pushedBefore).filter((r) => r.path === '/push/phone')
    expect(sent).toHaveLength(1)
    const message = decryptAes128gcm(sent[0]!.body, keys)

    // the installed app's worker: records its badge calls (no app icon in headless Chromium)
    const worker: Worker =
      context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
    await worker.evaluate(() => {
      const w = self as unknown as { __badge: unknown[] }
      w.__badge = []
      Object.defineProperty(WorkerNavigator.prototype, 'setAppBadge', {
        configurable: true,
        value: (n: number) => (w.__badge.push(n), Promise.resolve()),
      })
    })
    const live = () =>
      [...registrations].find(([, r]) => !r.isDeleted && r.scopeURL === `${baseURL}/`)?.[0]
    await expect.poll(live).toBeDefined()
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL,
      registrationId: live()!,
      data: message,
    })

    const shown = () =>
      page.evaluate(async () =>
        ((await (await navigator.serviceWorker.getRegistration())?.getNotifications()) ?? []).map(
          (n) => ({
            title: n.title,
            body: n.body,
            icon: n.icon,
            data: n.data as unknown,
          }),
        ),
      )
    await expect.poll(shown, { timeout: 20_000 }).toHaveLength(1)
    const [note] = await shown()
    expect(note).toMatchObject({ title: '新消息', body: '推送通知测试' })
    expect(note!.icon).toBe(`${baseURL}/icons/icon-192.png`)
    const url = `/order/order?id=${order.Id}&orderId=${encodeURIComponent(order.OrderNo)}`
    expect(note!.data).toMatchObject({ type: 'OPEN_NOTICE', url })
    const unread = await staffApi<{ UnreadCount: number }>(baseURL, 'admin', 'Notice/GetList', {
      pageIndex: 1,
      pageSize: 1,
      isAll: false,
    })
    expect(
      await worker.evaluate(() => (self as unknown as { __badge: unknown[] }).__badge),
    ).toEqual([unread.UnreadCount])

    // the tap: the worker's own notificationclick handler, with the app open in this window
    await worker.evaluate(async () => {
      const sw = self as unknown as ServiceWorkerGlobalScope
      const [n] = await sw.registration.getNotifications()
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: n! }))
    })
    await page.waitForURL(
      (u) => u.pathname === '/order/order' && u.searchParams.get('orderId') === order.OrderNo,
    )
    expect(context.pages()).toHaveLength(1)
    await expect.poll(shown).toHaveLength(0)
    await page.screenshot({ path: path.join(os.tmpdir(), 'forgeline-e2e-push-opened.png') })

    // the app closed (no window): the tap asks for a new window at the record. Chromium lets a
    // worker open a window only during a real notification click, which CDP cannot make, so the
    // worker's clients.openWindow is recorded here instead of carried out.
    await worker.evaluate(
      (data) =>
        (self as unknown as ServiceWorkerGlobalScope).registration.showNotification('新消息', {
          body: '推送通知测试',
          data,
        }),
      note!.data,
    )
    await page.close()
    const openedAt = await worker.evaluate(async () => {
      const sw = self as unknown as ServiceWorkerGlobalScope
      const asked: string[] = []
      Object.defineProperty(Clients.prototype, 'openWindow', {
        configurable: true,
        value: (url: string) => (asked.push(url), Promise.resolve(null)),
      })
      const [n] = await sw.registration.getNotifications()
      const done = new Promise((resolve) => setTimeout(resolve, 500))
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: n! }))
      await done
      return asked
    })
    expect(openedAt).toEqual([url])
  })
})

import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, type Browser } from './helpers/browser.ts'
import { holdSavedCopy } from './helpers/saved-copy.ts'
import { staffCodeKept, staffFiles } from './helpers/staff-cache.ts'
import { badge, serverNotices, showHeaderTools, signInAs, staffApi } from './helpers/staff.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

/** Visitor messages with this text, as staff see them through the API. */
const storedMessages = async (text: string) =>
  (
    await staffApi<{ result: { Message: string }[] }>(baseURL, 'editor', 'Leaving/GetList', {
      pageSize: 1000,
    })
  ).result.filter((m) => m.Message === text).length

describe('staff offline', () => {
  it('the workbench, an order grid and the dashboard open offline after a reload; two notices marked read and a message left offline apply once when back online', async () => {
    b = await openBrowser(desktop)
    const { page, context } = b
    await showHeaderTools(b)
    // the shop-floor account (other suites read the admin's notices)
    await signInAs(b, baseURL, '/workbench', 'staff')
    const rows = page.locator('[data-testid="workbench-row"]')
    // the first staff page of a fresh profile (a busy test machine may take a while)
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(2)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.goto(`${baseURL}/contactus`) // visited once online, so it opens offline too
    await page.locator('.leave-message-form').waitFor()
    await page.waitForLoadState('networkidle')
    await page.goto(`${baseURL}/order/order`) // and an order grid
    const gridRows = page.locator('[data-testid="grid-row"]')
    await expect.poll(() => gridRows.count()).toBeGreaterThan(5)
    await page.waitForLoadState('networkidle')
    await page.goto(`${baseURL}/workbench`)
    await expect.poll(() => rows.count()).toBeGreaterThan(2)
    // the worker has kept the staff code of the menu's pages
    await staffCodeKept(page, staffFiles(['/admin/index']))
    const before = await serverNotices(page)
    const unreadRows = page.locator('[data-testid="workbench-row"].is-unread')
    await expect.poll(() => unreadRows.count()).toBeGreaterThan(1)

    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true)
    await expect.poll(() => rows.count()).toBeGreaterThan(2)
    await page.goto(`${baseURL}/order/order`)
    await expect.poll(() => gridRows.count()).toBeGreaterThan(5)
    expect(await page.getByTestId('offline-banner').textContent()).toMatch(/保存的数据/)
    // the dashboard, never opened online: its code was kept at sign-in
    await page.goto(`${baseURL}/admin/index`)
    await page.getByTestId('dashboard-greeting').waitFor()
    await page.goto(`${baseURL}/workbench`)
    await expect.poll(() => rows.count()).toBeGreaterThan(2)

    // mark two notices read while offline: the lists and the badge change at once
    const ids: number[] = []
    for (let i = 0; i < 2; i++) {
      const row = unreadRows.first()
      ids.push(Number(await row.getAttribute('data-id')))
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        row.getByRole('button').click(),
      ])
      await tab.close()
      const classOf = async () =>
        (await page
          .locator(`[data-testid="workbench-row"][data-id="${ids[i]}"]`)
          .getAttribute('class')) ?? ''
      await expect.poll(classOf).not.toContain('is-unread')
    }
    await expect.poll(() => badge(page)).toBe(Math.min(before.unread - 2, 99))
    await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('2')

    // and a visitor message
    await page.goto(`${baseURL}/contactus`)
    const form = page.locator('.leave-message-form')
    await form.locator('input[name=Name]').fill('车间访客')
    await form.locator('input[name=Phone]').fill('13900003333')
    await form.locator('textarea[name=Message]').fill('员工离线留言测试')
    // the device's copy is busy (another tab writing it holds its lock): the message is not yet
    // confirmed, nor counted, since a reload now would lose it
    const copy = await holdSavedCopy(page)
    const send = form.getByRole('button', { name: '提交留言' })
    await send.click()
    await expect.poll(() => send.isDisabled()).toBe(true) // the form has sent it to the outbox
    await expect
      .poll(() => page.evaluate(async () => (await navigator.locks.query()).pending?.length ?? 0))
      .toBeGreaterThan(0)
    expect(await form.locator('.leave-message-status').count()).toBe(0)
    expect(await form.locator('textarea[name=Message]').inputValue()).toBe('员工离线留言测试')
    expect(await page.getByTestId('outbox').textContent()).toContain('2')
    await copy.release()
    await expect.poll(() => form.locator('.leave-message-status').textContent()).toMatch(/离线/)
    await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('3')

    // once counted, a reload at once keeps it
    await page.reload()
    await page.reload()
    await page.goto(`${baseURL}/workbench`)
    await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('3')
    await expect.poll(() => rows.count()).toBeGreaterThan(2)

    await context.setOffline(false)
    await expect.poll(() => page.getByTestId('outbox').count(), { timeout: 20_000 }).toBe(0)
    const after = await serverNotices(page)
    expect(after.unread).toBe(before.unread - 2)
    expect(after.readIds.filter((id) => !before.readIds.includes(id)).sort()).toEqual(
      [...ids].sort(),
    )
    expect(await storedMessages('员工离线留言测试')).toBe(1)
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect((await serverNotices(page)).unread).toBe(before.unread - 2)
    expect(await storedMessages('员工离线留言测试')).toBe(1)
  })

  it('a worker started afresh offline opens staff pages from its cache: it reads the staff file list kept there', async () => {
    b = await openBrowser(desktop)
    const { page, context } = b
    await signInAs(b, baseURL, '/workbench', 'staff')
    await expect
      .poll(() => page.locator('[data-testid="workbench-row"]').count(), { timeout: 20_000 })
      .toBeGreaterThan(2)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await staffCodeKept(page, staffFiles(['/admin/index']))
    await context.setOffline(true)
    // the browser stops idle workers: the next page starts a new one, which has no list yet
    // while the page already asks for the staff code
    const cdp = await context.newCDPSession(page)
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.stopAllWorkers')
    const fromWorker: string[] = []
    page.on('response', (r) => {
      if (r.url().includes('/assets/') && r.fromServiceWorker()) fromWorker.push(r.url())
    })
    // the dashboard was never opened: its code comes from what was kept at sign-in
    await page.goto(`${baseURL}/admin/index`)
    await page.getByTestId('dashboard-greeting').waitFor()
    const dashboard = staffFiles(['/admin/index']).filter((f) => f.endsWith('.js'))
    expect(fromWorker.some((u) => dashboard.some((f) => u.endsWith(f)))).toBe(true)
  })
})

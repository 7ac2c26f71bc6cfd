import { afterEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs } from './helpers/staff.ts'

/** Offline pages that do not contradict themselves. */
const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

type Page<T> = { data: { result: T[] } }

describe('the offline banner says what is true for the page', () => {
  it(
    'a page with no saved copy does not claim saved data; a kept page says how old its copy is',
    { timeout: 120_000 },
    async () => {
      const products = (await (
        await fetch(`${baseURL}/api/CommonData/GetProductList?pageSize=50`)
      ).json()) as Page<{ Id: number }>
      const unvisited = products.data.result.at(-1)!
      b = await openBrowser(phone)
      const { page, context } = b
      await page.goto(`${baseURL}/index`)
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      await page.reload()
      await page.waitForLoadState('networkidle')
      await context.setOffline(true)
      const banner = page.getByTestId('offline-banner')
      await page.goto(`${baseURL}/prodetail?id=${unvisited.Id}`)
      await expect
        .poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 })
        .toContain('您已离线')
      await expect.poll(() => banner.textContent()).toBe('您已离线，此页没有保存的数据。')
      await page.screenshot({ path: '/tmp/h3shots/banner-no-copy-zh.png' })
      // the same page in English
      await page.goto(`${baseURL}/prodetail?id=${unvisited.Id}&lang=en`)
      await expect
        .poll(() => banner.textContent(), { timeout: 15_000 })
        .toBe('You are offline. This page has no saved copy.')
      await page.screenshot({ path: '/tmp/h3shots/banner-no-copy-en.png' })
      // a page seen online: its data and its age
      await page.goto(`${baseURL}/index`)
      await expect
        .poll(() => page.locator('.category-grid li').count(), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(6)
      await expect
        .poll(() => banner.textContent())
        .toMatch(/^您已离线，正在显示(此刻|\d+分钟前)保存的数据。$/)
      await context.setOffline(false)
    },
  )

  it(
    'the staff dashboard offline shows the last known counters and their age',
    { timeout: 120_000 },
    async () => {
      b = await openBrowser(phone)
      const { page, context } = b
      await signInAs(b, baseURL, '/admin/index', 'staff')
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      await page.reload()
      const unread = page.getByTestId('dash-unread-value')
      const pending = page.getByTestId('dash-pending-orders-value')
      await expect
        .poll(async () => /^\d+$/.test((await unread.textContent()) ?? ''), { timeout: 20_000 })
        .toBe(true)
      await expect.poll(async () => /^\d+$/.test((await pending.textContent()) ?? '')).toBe(true)
      const known = { unread: await unread.textContent(), pending: await pending.textContent() }
      await page.waitForLoadState('networkidle')
      await context.setOffline(true)
      await page.reload()
      await page.getByTestId('dashboard-greeting').waitFor({ timeout: 20_000 })
      const banner = page.getByTestId('offline-banner')
      await expect.poll(() => banner.textContent()).toMatch(/^您已离线，正在显示.+保存的数据。$/)
      // the counters were asked again and got no answer: the last known figures stay
      await expect
        .poll(() =>
          page.evaluate(
            () => document.querySelectorAll('.dash-card-value .adm-dot-loading').length,
          ),
        )
        .toBe(0)
      expect(await unread.textContent()).toBe(known.unread)
      expect(await pending.textContent()).toBe(known.pending)
      await page.screenshot({ path: '/tmp/h3shots/dashboard-offline.png' })
      await context.setOffline(false)
    },
  )
})

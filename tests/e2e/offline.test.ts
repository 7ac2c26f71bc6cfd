import { afterEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

type Page<T> = { data: { result: T[] } }

describe('offline (service worker + persisted queries)', () => {
  it('visited public pages open offline by deep link; an unvisited product says it is offline', async () => {
    const products = (await (await fetch(`${baseURL}/api/CommonData/GetProductList?pageSize=3`)).json()) as Page<{ Id: number; Title: string }>
    const [p1, p2, unvisited] = products.data.result
    b = await openBrowser(phone)
    const { page, context } = b
    await page.goto(`${baseURL}/index`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    // the worker controls the page from the next load
    await page.reload()
    for (const path of ['/index', '/products', `/prodetail?id=${p1!.Id}`, `/prodetail?id=${p2!.Id}`]) {
      await page.goto(`${baseURL}${path}`)
      await page.waitForLoadState('networkidle')
    }
    await context.setOffline(true)
    await page.goto(`${baseURL}/prodetail?id=${p1!.Id}`)
    await expect.poll(() => page.locator('h1').textContent()).toBe(p1!.Title)
    expect(await page.getByTestId('offline-banner').isVisible()).toBe(true)
    await page.reload()
    await expect.poll(() => page.locator('h1').textContent()).toBe(p1!.Title)
    await page.goto(`${baseURL}/index`)
    await expect.poll(() => page.locator('.category-grid li').count()).toBeGreaterThanOrEqual(6)
    await page.goto(`${baseURL}/prodetail?id=${unvisited!.Id}`)
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toContain('您已离线')
    await context.setOffline(false)
  })
})

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
    const products = (await (
      await fetch(`${baseURL}/api/CommonData/GetProductList?pageSize=3`)
    ).json()) as Page<{ Id: number; Title: string }>
    const [p1, p2, unvisited] = products.data.result
    b = await openBrowser(phone)
    const { page, context } = b
    await page.goto(`${baseURL}/index`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    // the worker controls the page from the next load
    await page.reload()
    for (const path of [
      '/index',
      '/products',
      `/prodetail?id=${p1!.Id}`,
      `/prodetail?id=${p2!.Id}`,
    ]) {
      await page.goto(`${baseURL}${path}`)
      await page.waitForLoadState('networkidle')
    }
    await context.setOffline(true)
    await page.goto(`${baseURL}/prodetail?id=${p1!.Id}`)
    await expect.poll(() => page.locator('h1').textContent()).toBe(p1!.Title)
    await expect.poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true)
    await page.reload()
    await expect.poll(() => page.locator('h1').textContent()).toBe(p1!.Title)
    // its images come from the image cache
    await expect
      .poll(() =>
        page
          .locator('.product-gallery img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0)
    await page.goto(`${baseURL}/index`)
    await expect.poll(() => page.locator('.category-grid li').count()).toBeGreaterThanOrEqual(6)
    await page.goto(`${baseURL}/prodetail?id=${unvisited!.Id}`)
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('您已离线')
    await context.setOffline(false)
  })
})

describe('offline writes', () => {
  it('a message left offline survives reloads and is stored once when back online', async () => {
    const count = async () => {
      const login = (await (
        await fetch(`${baseURL}/api/User/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'editor', password: 'e2e-editor-pass' }),
        })
      ).json()) as { data: { Token: string } }
      const res = await fetch(`${baseURL}/api/Leaving/GetList`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${login.data.Token}`,
        },
        body: JSON.stringify({ pageSize: 1000 }),
      })
      return ((await res.json()) as { data: { result: { Message: string }[] } }).data.result.filter(
        (m) => m.Message === '离线留言测试',
      ).length
    }
    expect(await count()).toBe(0)
    b = await openBrowser(phone)
    const { page, context } = b
    await page.goto(`${baseURL}/contactus`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await page.waitForLoadState('networkidle')
    await context.setOffline(true)
    const form = page.locator('.leave-message-form')
    await form.locator('input[name=Name]').fill('离线访客')
    await form.locator('input[name=Phone]').fill('13900002222')
    await form.locator('textarea[name=Message]').fill('离线留言测试')
    await form.getByRole('button', { name: '提交留言' }).click()
    await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('1')
    // the paused write is in the persisted copy (idb-keyval's store) before the page reloads
    const persistedMutations = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('keyval-store')
            open.onerror = () => resolve(-1)
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('keyval')) return resolve(0)
              const get = db
                .transaction('keyval')
                .objectStore('keyval')
                .get('forgeline-query-cache')
              get.onerror = () => resolve(-1)
              get.onsuccess = () => {
                const raw = get.result as string | undefined
                resolve(
                  raw
                    ? ((JSON.parse(raw) as { clientState?: { mutations?: unknown[] } }).clientState
                        ?.mutations?.length ?? 0)
                    : 0,
                )
              }
            }
          }),
      )
    await expect.poll(persistedMutations).toBeGreaterThan(0)
    await page.reload()
    await page.reload()
    // still waiting after two reloads: the paused write was persisted, not dropped or sent.
    // (The server count is not checked here: Chromium's emulated offline mode sometimes lets a
    // request through while the page navigates; the Idempotency-Key keeps that to one row.)
    await expect.poll(() => page.getByTestId('outbox').textContent()).toContain('1')
    await context.setOffline(false)
    await expect.poll(() => count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => page.getByTestId('outbox').count()).toBe(0)
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(await count()).toBe(1)
  })

  it('a message queued in one tab survives another open tab writing the offline copy', async () => {
    b = await openBrowser(phone)
    const { page: first, context } = b
    await first.goto(`${baseURL}/contactus`)
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await first.reload()
    await first.waitForLoadState('networkidle')
    // a second tab, open (and its copy of the cache read) before the message is queued
    const second = await context.newPage()
    await second.goto(`${baseURL}/index`)
    await second.waitForLoadState('networkidle')
    await context.setOffline(true)

    const stored = (page: typeof first) =>
      page.evaluate(
        () =>
          new Promise<{ at: number; waiting: number }>((resolve) => {
            const open = indexedDB.open('keyval-store')
            open.onerror = () => resolve({ at: -1, waiting: -1 })
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('keyval')) return resolve({ at: 0, waiting: 0 })
              const get = db
                .transaction('keyval')
                .objectStore('keyval')
                .get('forgeline-query-cache')
              get.onsuccess = () => {
                const c = get.result
                  ? (JSON.parse(get.result as string) as {
                      timestamp: number
                      clientState?: { mutations?: unknown[] }
                    })
                  : undefined
                resolve({ at: c?.timestamp ?? 0, waiting: c?.clientState?.mutations?.length ?? 0 })
              }
            }
          }),
      )
    const form = first.locator('.leave-message-form')
    await form.locator('input[name=Name]').fill('两个标签页')
    await form.locator('input[name=Phone]').fill('13900004444')
    await form.locator('textarea[name=Message]').fill('双标签离线留言')
    await form.getByRole('button', { name: '提交留言' }).click()
    await expect.poll(() => first.getByTestId('outbox').textContent()).toContain('1')
    await expect.poll(async () => (await stored(first)).waiting).toBe(1)
    const queuedAt = (await stored(first)).at

    // the second tab changes its cache (a page it never opened), so it writes its whole copy
    await second.locator('main a[href*="/news/detail"], main a[href*="/prodetail"]').first().click()
    await expect
      .poll(async () => (await stored(second)).at, { timeout: 15_000 })
      .toBeGreaterThan(queuedAt)
    // its copy keeps the first tab's waiting message
    expect((await stored(second)).waiting).toBe(1)
    await first.reload()
    await expect.poll(() => first.getByTestId('outbox').textContent()).toContain('1')
    await second.close()
  })
})

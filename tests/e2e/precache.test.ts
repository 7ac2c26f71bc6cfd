import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { root } from './helpers/server.ts'
import { signInAs } from './helpers/staff.ts'
import type { Page } from 'playwright-core'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

/** The build's split (scripts/vite-precache-split.ts): public files and staff chunks by page. */
const split = JSON.parse(
  fs.readFileSync(path.join(root, 'dist/.vite/staff-chunks.json'), 'utf8'),
) as {
  public: string[]
  publicOnDemand: string[]
  shell: string[]
  routes: Record<string, string[]>
}
const staffFiles = new Set(
  [...split.shell, ...Object.values(split.routes).flat()].map((f) => `/${f}`),
)

/** Every URL path in Cache Storage, by cache name, as the page sees it. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {}
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname)
    }
    return out
  })

/** Waits until the worker controls the page and has installed (its precache is complete). */
async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
}

describe('service worker precache', () => {
  it('a visitor who never signed in has the public site precached and no staff chunk in any cache', async () => {
    expect(split.shell.length).toBeGreaterThan(0)
    expect(split.routes['/order/order']?.length).toBeGreaterThan(0)
    b = await openBrowser(phone)
    const { page } = b
    await page.goto(`${baseURL}/index`)
    await workerReady(page)
    await page.reload()
    // the public pages a visitor opens, and the login page without signing in
    for (const p of ['/products', '/contactus', '/news', '/login']) {
      await page.goto(`${baseURL}${p}`)
      await page.waitForLoadState('networkidle')
    }
    const caches = await cached(page)
    const all = Object.values(caches).flat()
    // the whole public site is there: every public chunk (both catalogs, every page)
    const precached = new Set(all)
    expect(split.public.filter((f) => !precached.has(`/${f}`))).toEqual([])
    expect(all.filter((u) => staffFiles.has(u))).toEqual([])
    expect(Object.keys(caches)).not.toContain('forgeline-staff')
    // the worker script every visitor downloads names no staff file: their list is an asset
    // of its own, read once someone signs in
    const worker = await (await fetch(`${baseURL}/sw-staff.js`)).text()
    const publicToo = new Set(split.publicOnDemand)
    const staffOnly = [...split.shell, ...split.routes['/order/order']!].filter(
      (f) => !publicToo.has(f),
    )
    expect(staffOnly.length).toBeGreaterThan(20)
    expect(staffOnly.filter((f) => worker.includes(f))).toEqual([])
    expect(worker).toMatch(/assets\/staff-files-\w+\.json/)
    // the supplier form's code (antd-mobile form, region data) is not downloaded by every visitor
    const onDemand = new Set(split.publicOnDemand.map((f) => `/${f}`))
    expect(split.publicOnDemand.some((f) => /pca-code/.test(f))).toBe(true)
    expect(all.filter((u) => onDemand.has(u))).toEqual([])
    // ...but kept once the page is opened, so it works offline afterwards
    await page.goto(`${baseURL}/supplier-apply`)
    await page.locator('select').first().waitFor()
    const kept = async () => new Set((await cached(page))['forgeline-public-pages'] ?? [])
    await expect
      .poll(async () => {
        const have = await kept()
        return [...onDemand].filter((u) => !have.has(u))
      })
      .toEqual([])
    await page.context().setOffline(true)
    await page.reload()
    await page.locator('select[aria-label="Province"], select[aria-label="省份"]').first().waitFor()
    await page.context().setOffline(false)
    expect((await cached(page))['forgeline-staff']).toBeUndefined()
  })

  it('after sign-in the staff shell and every page of the menu are kept; logout drops them', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await page.goto(`${baseURL}/index`)
    await workerReady(page)
    await signInAs(b, baseURL, '/workbench', 'staff')
    await page.locator('[data-testid="workbench-row"]').first().waitFor()
    // the order grid was never opened, yet its code is kept for offline use
    const wanted = [
      ...split.shell,
      ...split.routes['/order/order']!,
      ...split.routes['/admin/index']!,
    ].map((f) => `/${f}`)
    const missing = async () => {
      const staff = (await cached(page))['forgeline-staff'] ?? []
      return wanted.filter((u) => !staff.includes(u)).length
    }
    await expect.poll(missing, { timeout: 30_000 }).toBe(0)
    // public files stay in the precache only
    const staff = (await cached(page))['forgeline-staff'] ?? []
    expect(staff.filter((u) => split.public.includes(u.slice(1)))).toEqual([])

    await page.getByTestId('shell-user-menu').click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.locator('.shell-confirm-ok').click()
    await page.waitForURL('**/login')
    await expect
      .poll(async () => Object.keys(await cached(page)).includes('forgeline-staff'))
      .toBe(false)
  })
})

import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Browser } from './browser.ts'
import { root } from './server.ts'
import { signInAs } from './staff.ts'

/** The build's staff chunks (scripts/vite-precache-split.ts): the shell and each page's code. */
const split = (): { shell: string[]; routes: Record<string, string[]> } =>
  JSON.parse(fs.readFileSync(path.join(root, 'dist/.vite/staff-chunks.json'), 'utf8'))

/** The addresses of the staff shell's files and of the named pages' code (`/assets/…`). */
export function staffFiles(pages: string[] = []) {
  const { shell, routes } = split()
  return [...shell, ...pages.flatMap((p) => routes[p] ?? [])].map((f) => `/${f}`)
}

/**
 * Waits until the service worker's staff cache holds every one of `files`. The worker fills it
 * in the background after a staff page loads, a few files at a time (src/client/app/sw-staff.ts),
 * so "the page is idle" does not mean "its code opens offline": wait for this before going offline.
 */
export async function staffCodeKept(page: Page, files: string[]) {
  const missing = () =>
    page.evaluate(async (want) => {
      const kept = (await (await caches.open('forgeline-staff')).keys()).map(
        (r) => new URL(r.url).pathname,
      )
      return want.filter((u) => !kept.includes(u))
    }, files)
  await expect.poll(missing, { timeout: 30_000 }).toEqual([])
}

/**
 * Signs `b` in as the shop-floor account on the order grid with the worker in control and the
 * grid's code kept, so the grid opens offline and its saves queue there. `shown` waits for the
 * rows the test needs.
 */
export async function orderGridKept(
  b: Browser,
  baseURL: string,
  shown: (page: Page) => Promise<void>,
) {
  const { page } = b
  await signInAs(b, baseURL, '/order/order', 'staff')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await shown(page)
  await page.waitForLoadState('networkidle')
  await staffCodeKept(page, staffFiles(['/order/order']))
}

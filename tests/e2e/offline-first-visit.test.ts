import { afterEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import type { Page } from 'playwright-core'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

/** What each page shows once open (its main heading or list), in Chinese and in English. */
const pages: { path: string; zh: string; en: string }[] = [
  { path: '/index', zh: '汽车', en: 'automotive' },
  { path: '/news', zh: '新闻', en: 'News' },
  { path: '/aboutus', zh: '关于', en: 'About' },
  { path: '/equipment', zh: '设备', en: 'quipment' },
]

/** Waits until the worker is installed and active (it may not control this page yet). */
const workerActive = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })

/**
 * Opens a page offline and answers its main text once it shows `expected` (or after 20 s). The
 * kept copy is the server's page in the language it was kept in; the app then starts and shows it
 * in the address's language, which takes a while on a busy machine: reading the text as soon as a
 * heading is there read the kept copy's language (CI).
 */
async function offlineText(page: Page, path: string, expected: string) {
  await page.goto(`${baseURL}${path}`)
  await page
    .locator('main')
    .first()
    .filter({ hasText: expected })
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined)
  return (
    (await page
      .locator('main')
      .first()
      .textContent()
      .catch(() => '')) ?? ''
  )
}

describe('pages a visitor saw before the worker controlled them open offline', () => {
  it(
    'pages opened by address, some quickly one after another, open offline with their content in zh and en; so does the start page',
    { timeout: 240_000 },
    async () => {
      b = await openBrowser(phone)
      const { page, context } = b
      // opened by address under a second apart, as from search results: the worker is not there yet
      // (half a second each: the page notes its address as it starts, public/start.js)
      for (const p of ['/news', '/aboutus']) {
        await page.goto(`${baseURL}${p}`, { waitUntil: 'domcontentloaded' })
        await page.waitForTimeout(500)
      }
      await page.goto(`${baseURL}/equipment`)
      await workerActive(page)
      // by address again, now that the worker is active, still quickly
      await page.goto(`${baseURL}/products`, { waitUntil: 'domcontentloaded' })
      await page.waitForTimeout(3000)
      await context.setOffline(true)
      for (const lang of ['zh', 'en'] as const) {
        // /index was never opened: the installed app's start page is kept anyway
        for (const p of [...pages, { path: '/products', zh: '产品', en: 'Product' }]) {
          const text = await offlineText(page, `${p.path}?lang=${lang}`, p[lang])
          expect(text, `${p.path} ${lang}`).toContain(p[lang])
          expect(text).not.toContain(lang === 'zh' ? '您已离线' : 'You are offline')
        }
        await page.screenshot({ path: `/tmp/h3shots/first-visit-offline-${lang}.png` })
      }
      await context.setOffline(false)
    },
  )
})

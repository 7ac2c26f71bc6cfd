import type { Browser as PwBrowser } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { axeViolations, describeViolations, settle } from './helpers/axe.ts'
import { openContext } from './helpers/a11y.ts'
import { appStarted, desktop, phone, sharedChromium } from './helpers/browser.ts'

/*
 * The home page passes a plain axe run (no painting of the sections content-visibility skips,
 * as Lighthouse or an axe extension sees it): the footer's copyright line was read as light grey
 * on white (2.15:1). Unknown addresses answer 404 in the site layout with a search and a link
 * home, in both languages, and the search lists matching products.
 */
const baseURL = inject('baseURL')
let browser: PwBrowser
beforeAll(async () => {
  browser = await sharedChromium()
})

describe('the home page under a plain axe run', () => {
  for (const [size, viewport] of [
    ['390x844 touch', phone],
    ['1280x800', desktop],
  ] as const) {
    it(`at ${size}: no violation, the footer read on its own dark background`, async () => {
      const { context, page } = await openContext(browser, viewport, 'zh')
      try {
        await page.goto(`${baseURL}/index`)
        await settle(page)
        const found = describeViolations(`${size} /index`, await axeViolations(page, false))
        expect(found).toEqual([])
      } finally {
        await context.close()
      }
    })
  }
})

describe('an unknown public address', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`phone, ${lang}: 404 in the site layout; its search opens the matching products`, async () => {
      const { context, page } = await openContext(browser, phone, lang)
      try {
        const res = await page.goto(`${baseURL}/no-such-page`)
        expect(res?.status()).toBe(404)
        await appStarted(page)
        const missing = page.getByTestId('page-missing')
        await missing.waitFor()
        expect(await page.locator('header.site-header').count()).toBe(1)
        expect(await page.locator('footer.site-footer').count()).toBe(1)
        expect(await missing.locator('a.more-link').getAttribute('href')).toMatch(/^\/index/)
        await missing.locator('input[type=search]').fill('曲轴')
        await missing.locator('button[type=submit]').click()
        await page.waitForURL(/\/products\?/)
        await page.getByTestId('product-list').waitFor()
        const titles = await page.locator('.product-card-title').allTextContents()
        expect(titles.length).toBeGreaterThan(0)
        expect(describeViolations(`${lang} /products?keyword`, await axeViolations(page))).toEqual(
          [],
        )
      } finally {
        await context.close()
      }
    })
  }
})

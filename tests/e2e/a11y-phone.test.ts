import type { Browser as PwBrowser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { settle } from './helpers/axe.ts'
import { designRoutes, openContext, signIn } from './helpers/a11y.ts'
import { appStarted, phone, sharedChromium } from './helpers/browser.ts'
import { smallTargets } from './helpers/touch-targets.ts'

const baseURL = inject('baseURL')
let browser: PwBrowser
let routes: Awaited<ReturnType<typeof designRoutes>>
beforeAll(async () => {
  browser = await sharedChromium()
  routes = await designRoutes(baseURL)
})

/** Content wider than the window (a horizontal scroll of the page, i.e. lost or cut content at 200 %). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

describe('phones and zoom', () => {
  // the two walks over every route at once, each in its own context (mostly waiting on pages)
  it.concurrent(
    'every interactive element of every route is at least 44x44 px at 390x844 (touch), and no page is wider than the phone',
    { timeout: 300_000 },
    async ({ expect }) => {
      const { context, page } = await openContext(browser, phone, 'zh')
      try {
        const found: string[] = []
        const check = async (path: string) => {
          await page.goto(`${baseURL}${path}`)
          await settle(page)
          found.push(...(await smallTargets(page)).map((l) => `${path} ${l}`))
          // a header with more tools than fit pushed the account button off screen
          const extra = await overflow(page)
          if (extra > 1) found.push(`${path}: ${extra} px wider than the phone`)
        }
        for (const path of routes.open) await check(path)
        await signIn(page, baseURL)
        for (const path of routes.staff) await check(path)
        expect(found).toEqual([])
      } finally {
        await context.close()
      }
    },
  )

  it.concurrent(
    'at 200 % zoom (1280x800 seen as 640x400) no page scrolls sideways and the headings stay on screen',
    { timeout: 300_000 },
    async ({ expect }) => {
      const { context, page } = await openContext(browser, { width: 640, height: 400 }, 'en')
      try {
        const found: string[] = []
        const check = async (path: string) => {
          await page.goto(`${baseURL}${path}`)
          await settle(page)
          const extra = await overflow(page)
          if (extra > 1) found.push(`${path}: ${extra} px wider than the window`)
        }
        for (const path of routes.open) await check(path)
        await signIn(page, baseURL)
        for (const path of routes.staff) await check(path)
        expect(found).toEqual([])
      } finally {
        await context.close()
      }
    },
  )

  it(
    'prefers-reduced-motion stops the carousel autoplay and the animations',
    { timeout: 120_000 },
    async () => {
      const slideAfter = async (reducedMotion: 'reduce' | 'no-preference') => {
        const { context, page } = await openContext(browser, phone, 'zh', {
          reducedMotion: reducedMotion === 'reduce' ? 'reduce' : undefined,
        })
        try {
          await page.clock.install()
          await page.goto(`${baseURL}/index`)
          await page.locator('.home-slide').nth(1).waitFor({ state: 'attached' })
          const track = page.locator('.home-carousel-track')
          // two autoplay periods on the page's clock, then the track's position once it rests on a slide
          await page.clock.runFor(11_000)
          await expect
            .poll(() => track.evaluate((el) => Math.round(el.scrollLeft) % el.clientWidth))
            .toBe(0)
          const moved = await track.evaluate((el) => el.scrollLeft > 0)
          const transition = await page.evaluate(() =>
            parseFloat(getComputedStyle(document.body).transitionDuration),
          )
          return { moved, transition }
        } finally {
          await context.close()
        }
      }
      const normal = await slideAfter('no-preference')
      expect(normal.moved).toBe(true)
      const reduced = await slideAfter('reduce')
      expect(reduced.moved).toBe(false)
      expect(reduced.transition).toBeLessThan(0.001)
    },
  )

  it('content shown in the other language carries its lang (the Chinese fallback of an English page)', async () => {
    const { context, page } = await openContext(browser, phone, 'en')
    try {
      // the first news item has no English title: the page shows the Chinese one, marked as Chinese
      // the list comes in the page's embedded query data (server-rendered page) or from the API
      type News = { Title: string; TitleEn: string }
      let zhTitle = ''
      const dropEnglish = (list: News[]) => {
        zhTitle = list[0]!.Title
        list[0]!.TitleEn = ''
      }
      await page.route('**/api/News/GetList**', async (route) => {
        const res = await route.fetch()
        const body = (await res.json()) as { data: { result: News[] } }
        dropEnglish(body.data.result)
        await route.fulfill({ response: res, json: body })
      })
      await page.route(/\/news(\?[^/]*)?$/, async (route) => {
        const res = await route.fetch()
        const html = (await res.text()).replace(
          /(<script id="fl-page" type="application\/json">)(.*?)(<\/script>)/s,
          (_all, open: string, json: string, close: string) => {
            const data = JSON.parse(json) as { queries: [unknown[], { result?: News[] }][] }
            const list = data.queries.find(
              ([key, value]) => key.includes('news') && Array.isArray(value?.result),
            )
            if (list) dropEnglish(list[1].result!)
            return open + JSON.stringify(data).replaceAll('<', '\\u003c') + close
          },
        )
        await route.fulfill({ response: res, body: html })
      })
      await page.goto(`${baseURL}/news`)
      // the app's list, built from the embedded data (the server's HTML has the English title)
      await appStarted(page)
      const titles = page.locator('.news-card-title')
      await expect.poll(() => titles.count()).toBeGreaterThan(1)
      expect(zhTitle).not.toBe('')
      expect(await titles.first().textContent()).toBe(zhTitle)
      expect(await titles.first().getAttribute('lang')).toBe('zh-CN')
      expect(await titles.nth(1).getAttribute('lang')).toBeNull()
      expect(await page.locator('html').getAttribute('lang')).toBe('en')
      // the language switch names the other language in that language
      expect(await page.locator('.lang-switch [lang]').first().getAttribute('lang')).toBe('zh-CN')
    } finally {
      await context.close()
    }
  })
})

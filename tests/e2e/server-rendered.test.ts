import { afterEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'

/**
 * The page the server rendered is what the visitor sees first, and the app takes over
 * from it without a layout shift, a second download of its data or a console error;
 * a first visit picks the browser's language.
 */
const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

type Product = { Id: number; Title: string; TitleEn: string; PartNo: string; CategoryId: number }
const api = async <T>(path: string) =>
  ((await (await fetch(`${baseURL}/api/${path}`)).json()) as { data: T }).data

/** Sums layout shifts as CLS counts them (not those right after an input), from the first paint on. */
const measureShifts = () => {
  const w = window as unknown as { __cls: number }
  w.__cls = 0
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & {
      value: number
      hadRecentInput: boolean
    })[]) {
      if (!e.hadRecentInput) w.__cls += e.value
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

async function open(viewport = phone, locale = 'zh-CN', headers?: Record<string, string>) {
  b = await openBrowser(viewport, locale)
  if (headers) await b.context.setExtraHTTPHeaders(headers)
  await b.context.addInitScript(measureShifts)
  const consoleErrors: string[] = []
  b.page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  const apiCalls: string[] = []
  b.page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(r.url()).pathname)
  })
  return { page: b.page, consoleErrors, apiCalls }
}

describe('the server-rendered page becomes the app', () => {
  it('a product page: content before scripts, then language switch, image zoom and navigation, without shifts or errors', async () => {
    const product = await api<Product>('CommonData/Get?id=1')
    const { page, consoleErrors, apiCalls } = await open()
    const response = await page.goto(`${baseURL}/prodetail?id=1`)
    const html = await response!.text()
    // the first HTML already holds the page
    expect(html).toContain(`<h1>${product.Title}</h1>`)
    expect(html).toContain(product.PartNo)
    // the app took over: its language switch is a button, the server's a link
    await page.getByTestId('language-switch').waitFor()
    await expect.poll(() => page.locator('main h1').textContent()).toBe(product.Title)
    expect(await page.locator('main h1').count()).toBe(1)
    await page
      .locator('.product-gallery-item img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined))
    // no layout shift from the server's page to the app's
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(
      0.01,
    )
    // the data came with the page: the product, the categories and the contact are not read again
    expect(
      apiCalls.filter((p) => /CommonData\/(Get|GetList)$|Content\/(Contact|Version)$/.test(p)),
    ).toEqual([])

    // image zoom
    await page.locator('.product-gallery-item').first().click()
    await expect
      .poll(() => page.locator('dialog.image-zoom').evaluate((d: HTMLDialogElement) => d.open))
      .toBe(true)
    await page.locator('.image-zoom-close').click()
    await expect
      .poll(() => page.locator('dialog.image-zoom').evaluate((d: HTMLDialogElement) => d.open))
      .toBe(false)

    // language switch: the page, <html lang> and the saved choice follow; the server answers in it next time
    await page.getByTestId('language-switch').click()
    await expect.poll(() => page.locator('main h1').textContent()).toBe(product.TitleEn)
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    expect((await b!.context.cookies()).find((c) => c.name === 'forgeline-lang')?.value).toBe('en')

    // navigation inside the app, no page load
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))
    await page.locator('.back-link').click()
    await page.waitForURL(`**/products?sort=${product.CategoryId}`)
    await expect
      .poll(() => page.locator('[data-testid=product-list] .product-card').count())
      .toBeGreaterThan(0)
    expect(
      await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
    ).toBe(true)

    // the server answers in the saved choice (asked directly: by now the service worker may
    // answer navigations with its shell), and the reloaded app is in it too
    expect(await (await b!.context.request.get(`${baseURL}/prodetail?id=1`)).text()).toContain(
      '<html lang="en"',
    )
    await page.goto(`${baseURL}/prodetail?id=1`)
    await page.getByTestId('language-switch').waitFor()
    await expect.poll(() => page.locator('main h1').textContent()).toBe(product.TitleEn)
    expect(consoleErrors).toEqual([])
  })

  it('the home and product centre pages take over without shifts or errors', async () => {
    const { page, consoleErrors } = await open()
    for (const url of ['/index', '/products?sort=1', '/news']) {
      await page.goto(`${baseURL}${url}`)
      await page.getByTestId('language-switch').waitFor()
      await page.waitForLoadState('load')
      expect(
        await page.evaluate(() => (window as unknown as { __cls: number }).__cls),
        url,
      ).toBeLessThan(0.01)
    }
    expect(consoleErrors).toEqual([])
  })

  it("the app's code loads once the page has shown its main picture, not in competition with it", async () => {
    const { page, consoleErrors } = await open()
    const events: string[] = []
    const pathOf = (u: string) => new URL(u).pathname
    page.on('request', (r) => {
      if (/^\/assets\/.*\.js$/.test(pathOf(r.url()))) events.push(`script ${pathOf(r.url())}`)
    })
    page.on('requestfinished', (r) => {
      if (pathOf(r.url()).startsWith('/uploads/')) events.push(`image ${pathOf(r.url())}`)
    })
    const html = await (await page.goto(`${baseURL}/prodetail?id=1`))!.text()
    const main = /<img src="([^"]+)"[^>]*fetchpriority="high"/.exec(html)?.[1]
    expect(main).toBeDefined()
    // the app takes over (the server's language link has no test id)
    await page.getByTestId('language-switch').waitFor()
    const picture = events.indexOf(`image ${pathOf(`${baseURL}${main}`)}`)
    const firstScript = events.findIndex((e) => e.startsWith('script '))
    expect(picture).toBeGreaterThanOrEqual(0)
    expect(firstScript).toBeGreaterThan(picture)
    expect(consoleErrors).toEqual([])
  })

  it('an unknown product answers 404 and the app shows its not-found page', async () => {
    const { page, consoleErrors } = await open()
    const response = await page.goto(`${baseURL}/prodetail?id=987654`)
    expect(response!.status()).toBe(404)
    await page.getByTestId('language-switch').waitFor()
    await expect
      .poll(() => page.getByTestId('product-not-found').textContent())
      .toContain('未找到该产品')
    // the browser reports the 404 document itself as a failed resource; nothing else may fail
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([])
  })
})

describe('the first visit picks the browser language', () => {
  it('from Accept-Language for the first HTML, and the app stays in it', async () => {
    const { page } = await open(phone, 'en-US')
    const response = await page.goto(`${baseURL}/index`)
    expect(await response!.text()).toContain('<html lang="en"')
    await page.getByTestId('language-switch').waitFor()
    await expect
      .poll(() => page.locator('.home-intro h1').textContent())
      .toBe('Precision forgings for the automotive industry')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
  })

  it('from navigator.languages when the page comes without the server deciding', async () => {
    // the browser prefers English, but the request says Chinese: a page the server does not
    // render (here the sign-in page, like the worker's offline shell) starts in English
    const { page } = await open(phone, 'en-US', { 'Accept-Language': 'zh-CN' })
    expect(await page.evaluate(() => navigator.languages[0])).toBe('en-US')
    await page.goto(`${baseURL}/login`)
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en')
    await expect
      .poll(() => page.locator('button[type=submit]').first().textContent())
      .toMatch(/sign in/i)
    // a saved choice wins over the browser's languages
    await page.evaluate(() => localStorage.setItem('forgeline-lang', JSON.stringify('zh')))
    await page.reload()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN')
  })
})

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { appStarted, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { startServer, type ServerHandle } from './helpers/server.ts'
import { staffApi } from './helpers/staff.ts'

/*
 * "Visitors", on a 390x844 touch phone. Its own server: the contact form is
 * rate-limited per address, and the shared e2e server's address is the same for every file.
 */
let server: ServerHandle
let baseURL = ''
beforeAll(async () => {
  server = await startServer()
  baseURL = server.baseURL
})
afterAll(async () => {
  await server?.stop()
})
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

type Rect = { x: number; y: number; width: number; height: number }
const overlaps = (a: Rect, c: Rect) =>
  a.x < c.x + c.width && c.x < a.x + a.width && a.y < c.y + c.height && c.y < a.y + a.height

/** A phone browser with the site language chosen before the first page (and, optionally, an install offer to come). */
async function phoneIn(lang: 'zh' | 'en', { installOffer = false } = {}) {
  const browser = await openBrowser(phone, lang === 'zh' ? 'zh-CN' : 'en-GB')
  await browser.context.addInitScript(
    ([l, offer]) => {
      if (localStorage.getItem('forgeline-lang') === null)
        localStorage.setItem('forgeline-lang', JSON.stringify(l))
      if (offer) localStorage.removeItem('forgeline-install-offered')
    },
    [lang, installOffer] as const,
  )
  return browser
}

const messages = async () =>
  (
    await staffApi<{ result: { Name: string; Phone: string; Email: string; Message: string }[] }>(
      baseURL,
      'editor',
      'Leaving/GetList',
      { pageSize: 1000 },
    )
  ).result

describe('a foreign buyer leaves a message', () => {
  it('takes +44 20 7946 0958 as typed, says what is wrong with a short number, and needs a phone or an e-mail', async () => {
    const before = (await messages()).length
    b = await phoneIn('en')
    const { page } = b
    await page.goto(`${baseURL}/contactus`)
    const form = page.locator('.leave-message-form')
    const phoneInput = form.locator('input[name=Phone]')
    // the placeholder says what is accepted, short enough for a phone's field
    expect(await phoneInput.getAttribute('placeholder')).toBe('Mobile or 010-12345678')
    await form.locator('input[name=Name]').fill('Jane Buyer')
    await form.locator('textarea[name=Message]').fill('Please quote 500 crankshafts.')
    const send = () => form.getByRole('button', { name: 'Send message' }).tap()
    const phoneError = () =>
      form
        .locator('.leave-message-field:has(input[name=Phone]) .leave-message-error')
        .textContent({ timeout: 2000 })
        .catch(() => null)

    // neither a phone nor an e-mail
    await send()
    await expect.poll(phoneError).toBe('Leave a phone number or an e-mail address')
    // all digits but one short: the real problem, not "digits only"
    await phoneInput.fill('1380013800')
    await send()
    await expect.poll(phoneError).toBe('A Chinese mobile number has 11 digits starting with 1')
    expect((await messages()).length).toBe(before)

    await phoneInput.fill('+44 20 7946 0958')
    expect(await phoneInput.inputValue()).toBe('+44 20 7946 0958')
    await send()
    await expect.poll(() => form.locator('input[name=Name]').inputValue()).toBe('')
    expect((await messages())[0]).toMatchObject({
      Name: 'Jane Buyer',
      Phone: '+44 20 7946 0958',
      Message: 'Please quote 500 crankshafts.',
    })
  })

  it('takes a Chinese landline with its area code, and an e-mail address alone', async () => {
    b = await phoneIn('zh')
    const { page } = b
    await page.goto(`${baseURL}/contactus`)
    const form = page.locator('.leave-message-form')
    await form.locator('input[name=Name]').fill('深圳采购')
    await form.locator('input[name=Phone]').fill('0755 1234 5678')
    await form.locator('textarea[name=Message]').fill('固话留言')
    await form.getByRole('button', { name: '提交留言' }).tap()
    await expect.poll(() => form.locator('input[name=Name]').inputValue()).toBe('')
    await form.locator('input[name=Name]').fill('邮件访客')
    await form.locator('input[name=Email]').fill('buyer@example.com')
    await form.locator('textarea[name=Message]').fill('只留邮箱')
    await form.getByRole('button', { name: '提交留言' }).tap()
    await expect.poll(() => form.locator('input[name=Name]').inputValue()).toBe('')
    const stored = await messages()
    expect(stored.find((m) => m.Message === '固话留言')).toMatchObject({ Phone: '0755 1234 5678' })
    expect(stored.find((m) => m.Message === '只留邮箱')).toMatchObject({
      Phone: '',
      Email: 'buyer@example.com',
    })
  })
})

/** The public frame: header with its menu button and language switch, and the footer. */
async function expectShell(page: Page, siteName: string) {
  await expect.poll(() => page.locator('.site-header .site-logo').textContent()).toBe(siteName)
  expect(await page.locator('.site-menu-button').isVisible()).toBe(true)
  expect(await page.locator('.site-footer').count()).toBe(1)
}

describe('offline across languages', () => {
  it('pages seen in Chinese open offline in English with header, menu and footer, also after a reload', async () => {
    const about = (await (await fetch(`${baseURL}/api/Content/About`)).json()) as {
      data: { Title: string; TitleEn: string }
    }
    b = await phoneIn('zh')
    const { page, context } = b
    await page.goto(`${baseURL}/index`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    // the worker controls the page from the next load
    await page.reload()
    for (const path of ['/index', '/aboutus', '/products']) {
      await page.goto(`${baseURL}${path}`)
      await page.waitForLoadState('networkidle')
    }
    await page.goto(`${baseURL}/aboutus`)
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(about.data.Title)

    await context.setOffline(true)
    await page.getByTestId('language-switch').tap()
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(about.data.TitleEn)
    await expectShell(page, 'Forgeline Precision')
    // a reload offline in the other language: the English catalog and the saved data are there
    await page.reload()
    await expect
      .poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 })
      .toBe(about.data.TitleEn)
    await expectShell(page, 'Forgeline Precision')
    expect(await page.locator('.site-footer-info dl').count()).toBe(1)
    // the menu opens, with the product categories
    await page.locator('.site-menu-button').tap()
    await expect
      .poll(() => page.locator('.site-drawer .site-submenu li').count())
      .toBeGreaterThan(0)
    await page.locator('.site-drawer').getByRole('link', { name: 'Products', exact: true }).tap()
    await expect
      .poll(() => page.locator('[data-testid=product-list] li').count())
      .toBeGreaterThan(0)
    await expectShell(page, 'Forgeline Precision')
    await context.setOffline(false)
  })

  it('a page never seen keeps the header, menu and footer offline and says it is offline', async () => {
    b = await phoneIn('en')
    const { page, context } = b
    await page.goto(`${baseURL}/index`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await page.waitForLoadState('networkidle')
    await context.setOffline(true)
    // Chinese now, offline; the equipment page was never opened
    await page.getByTestId('language-switch').tap()
    await expectShell(page, '锻联精密')
    await page.goto(`${baseURL}/equipment`)
    await expect
      .poll(() => page.locator('.site-main').textContent(), { timeout: 15_000 })
      .toContain('您已离线')
    await expectShell(page, '锻联精密')
    await context.setOffline(false)
  })
})

describe('toasts, the picture viewer and the install banner on a phone', () => {
  it('a toast sits over the header bar, not over the fields, and wraps English at word boundaries', async () => {
    b = await phoneIn('en')
    const { page } = b
    await page.goto(`${baseURL}/supplier-apply`)
    await page.getByTestId('supplier-apply-save').tap()
    const toast = page.locator('.adm-toast-main')
    await expect.poll(() => toast.textContent()).toContain('Please correct the marked fields')
    const box = (await toast.boundingBox())!
    const header = (await page.locator('.site-header').boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height)
    // no field message under it
    for (const d of await page.locator('.supplier-apply-form .grid-cell-error').all()) {
      const r = await d.boundingBox()
      if (r && r.y >= header.y + header.height) expect(overlaps(box, r)).toBe(false)
    }
    // every word on one line
    const broken = await toast.evaluate((el) => {
      const out: string[] = []
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? ''
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(n, m.index)
          range.setEnd(n, m.index + m[0].length)
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1)
            out.push(m[0])
        }
      }
      return out
    })
    expect(broken).toEqual([])
  })

  it('the picture viewer: dark mask, a counter clear of the logo, a visible Close button', async () => {
    const list = (await (
      await fetch(`${baseURL}/api/CommonData/GetProductList?pageSize=50`)
    ).json()) as { data: { result: { Id: number }[] } }
    let id: number | undefined
    let count = 0
    for (const p of list.data.result) {
      const d = (await (await fetch(`${baseURL}/api/CommonData/Get?id=${p.Id}`)).json()) as {
        data: { Images: unknown[] }
      }
      if (d.data.Images.length > 1) {
        id = p.Id
        count = d.data.Images.length
        break
      }
    }
    expect(id).toBeDefined()
    b = await phoneIn('en')
    const { page } = b
    await page.goto(`${baseURL}/prodetail?id=${id}`)
    // the viewer is the app's (the server's gallery links open the picture itself)
    await appStarted(page)
    await page.locator('.product-gallery-item').first().tap()
    const viewer = page.locator('dialog.image-zoom')
    await expect.poll(() => viewer.evaluate((d: HTMLDialogElement) => d.open)).toBe(true)
    // the mask is dark
    const luminance = await viewer.evaluate((d) => {
      const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number)
      const [r = 255, g = 255, bl = 255] = rgb(getComputedStyle(d).backgroundColor)
      const [br = 255, bg = 255, bb = 255] = rgb(getComputedStyle(d, '::backdrop').backgroundColor)
      return (
        Math.max(0.2126 * r + 0.7152 * g + 0.0722 * bl, 0.2126 * br + 0.7152 * bg + 0.0722 * bb) /
        255
      )
    })
    expect(luminance).toBeLessThan(0.2)
    const counter = page.getByTestId('image-zoom-counter')
    expect(await counter.textContent()).toBe(`1 / ${count}`)
    const logo = (await page.locator('.site-header .site-logo').boundingBox())!
    expect(overlaps((await counter.boundingBox())!, logo)).toBe(false)
    // swiping to the next picture moves the counter
    await viewer.locator('.image-zoom-track').evaluate((t) => t.scrollTo({ left: t.clientWidth }))
    await expect.poll(() => counter.textContent()).toBe(`2 / ${count}`)
    const close = viewer.getByRole('button', { name: 'Close' })
    expect(await close.isVisible()).toBe(true)
    expect(await close.textContent()).toContain('Close')
    await close.tap()
    await expect.poll(() => viewer.evaluate((d: HTMLDialogElement) => d.open)).toBe(false)
  })

  it('the install banner takes its own space below the footer instead of covering it', async () => {
    b = await phoneIn('en', { installOffer: true })
    const { page } = b
    await page.goto(`${baseURL}/contactus`)
    await expect.poll(() => page.locator('.site-footer').count()).toBe(1)
    // the app listens for the offer once it has taken over the server's page
    await appStarted(page)
    // Chromium's install offer, as the browser raises it
    await page.evaluate(() => {
      const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      })
      window.dispatchEvent(e)
    })
    const banner = page.getByTestId('install-prompt')
    // the offer waits for the visitor to touch the page
    await page.locator('h1').first().tap()
    await expect.poll(() => banner.isVisible()).toBe(true)
    const bottomOfFooter = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      return (await page.locator('.site-footer').boundingBox())!
    }
    await expect
      .poll(async () => {
        const footer = await bottomOfFooter()
        return footer.y + footer.height <= (await banner.boundingBox())!.y
      })
      .toBe(true)
    await page.getByTestId('install-dismiss').tap()
    await expect.poll(() => banner.count()).toBe(0)
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom))
      .toBe('0px')
  })
})

import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { appStarted, desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs, staffApi } from './helpers/staff.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

/** Every submenu image has loaded (the category's or the default one) and is not a broken image. */
const submenuImages = (page: Page, scope: string) =>
  page.locator(`${scope} .site-submenu [data-testid="submenu-image"]`).evaluateAll((els) =>
    (els as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute('src') ?? '',
      loaded: img.complete && img.naturalWidth > 0,
      w: img.getBoundingClientRect().width,
    })),
  )

describe('SPEC §2 product-centre submenu with category images', () => {
  it('the desktop dropdown shows an image beside each category title (its own, or the default one when it has none)', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await page.goto(`${baseURL}/index`)
    await appStarted(page)
    const products = page.locator('.site-nav .has-submenu')
    await products.hover()
    await expect.poll(() => page.locator('.site-nav .site-submenu li').count()).toBeGreaterThan(0)
    const count = await page.locator('.site-nav .site-submenu li').count()
    await expect
      .poll(
        async () =>
          (await submenuImages(page, '.site-nav')).filter((i) => i.loaded && i.w === 48).length,
      )
      .toBe(count)
    await page.screenshot({ path: '/tmp/h2-submenu-desktop.png' })
  })

  it('the phone menu (390x844 touch) lists the categories with their images, in zh and en', async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      b = await openBrowser(phone, locale)
      const { page } = b
      await page.goto(`${baseURL}/index`)
      await appStarted(page)
      await page.locator('.site-menu-button').tap()
      await expect
        .poll(() => page.locator('.site-drawer .site-submenu li').count())
        .toBeGreaterThan(0)
      const count = await page.locator('.site-drawer .site-submenu li').count()
      const images = async () => (await submenuImages(page, '.site-drawer')).filter((i) => i.loaded)
      await expect.poll(async () => (await images()).length).toBe(count)
      expect((await images()).every((i) => /\/(uploads|images)\//.test(i.src))).toBe(true)
      await page.screenshot({ path: `/tmp/h2-submenu-phone-${locale}.png` })
      await b.close()
      b = undefined
    }
  })
})

/** Switches the staff layout to vertical (SPEC §3 theme setting) before the app starts. */
const vertical = (br: Browser) =>
  br.context.addInitScript(() => {
    const key = 'forgeline-theme'
    const cur = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
    localStorage.setItem(key, JSON.stringify({ ...cur, layout: 'vertical' }))
  })

describe('SPEC §9 sidebar logo 170x80', () => {
  it('the open vertical sidebar shows the logo at 170x80 (1280x800)', async () => {
    b = await openBrowser(desktop)
    await vertical(b)
    const { page } = b
    await signInAs(b, baseURL, '/admin/index')
    const logo = page.locator('.shell-side > [data-testid="shell-logo"]')
    await logo.waitFor()
    const box = await logo.boundingBox()
    expect([box?.width, box?.height].map((v) => Math.round(v ?? 0))).toEqual([170, 80])
    await page.screenshot({ path: '/tmp/h2-sidebar-logo.png' })
  })

  it('on a 390x844 phone the menu drawer shows the 170x80 logo and the header is no wider than the screen, zh and en', async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      b = await openBrowser(phone, locale)
      const { page } = b
      await signInAs(b, baseURL, '/admin/index')
      await page.getByTestId('shell-header').waitFor()
      const header = await page.getByTestId('shell-header').evaluate((h) => ({
        scroll: h.scrollWidth,
        client: h.clientWidth,
        doc: document.documentElement.scrollWidth,
      }))
      expect(header.scroll).toBeLessThanOrEqual(header.client)
      expect(header.doc).toBeLessThanOrEqual(390)
      await page.getByTestId('shell-fold').tap()
      const logo = page.locator('.shell-drawer-inner [data-testid="shell-logo"]')
      await logo.waitFor()
      const box = await logo.boundingBox()
      expect([box?.width, box?.height].map((v) => Math.round(v ?? 0))).toEqual([170, 80])
      await page.screenshot({ path: `/tmp/h2-drawer-logo-${locale}.png` })
      await b.close()
      b = undefined
    }
  })
})

describe('SPEC §7 ProductionReport/Get opens one report from a link', () => {
  it('/production/report?report=N reads that report with ProductionReport/Get and shows it alone, with Show all back to the list (390x844)', async () => {
    await staffApi(baseURL, 'admin', 'PostData/PostCommon', {
      postUrl: 'SaveProductionReport',
      postData: {
        insertRecords: [
          {
            ReportDateString: '2026-02-03',
            Workshop: '链接打开车间',
            Process: '锻造',
            Operator: '赵工',
            OutputQuantity: 77,
            ScrapQuantity: 1,
          },
        ],
      },
    })
    const list = await staffApi<{ result: { Id: number; Workshop: string }[] }>(
      baseURL,
      'admin',
      'ProductionReport/GetList',
      { keyword: '链接打开车间', pageIndex: 1, pageSize: 5 },
    )
    const id = list.result[0]!.Id
    b = await openBrowser(phone)
    const { page } = b
    const gets: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/ProductionReport/Get')) gets.push(r.postData() ?? '')
    })
    await signInAs(b, baseURL, `/production/report?report=${id}`)
    await expect.poll(() => page.getByTestId('grid-filter').textContent()).toContain(String(id))
    await expect.poll(() => page.locator('.grid-card').count()).toBe(1)
    expect(await page.locator('.grid-card').first().textContent()).toContain('链接打开车间')
    expect(gets.map((g) => JSON.parse(g) as { id: number })).toContainEqual({ id })
    await page.screenshot({ path: '/tmp/h2-report-link.png' })
    await page.getByTestId('grid-filter').getByRole('button').tap()
    await page.waitForURL((u) => !u.search.includes('report='))
    await expect.poll(() => page.locator('.grid-card').count()).toBeGreaterThan(1)
  })
})

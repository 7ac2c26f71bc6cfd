// Screenshots of the visual fixes (phone 390x844 touch, desktop 1280x800, zh and en).
// Not part of the product: run with `npx tsx scripts/shots-h.mts OUTDIR [only]` after `npm run build`.
import { chromium, type Page } from 'playwright-core'
import { startServer } from '../tests/e2e/helpers/server.ts'
import { staffApi } from '../tests/e2e/helpers/staff.ts'

const out = process.argv[2] ?? '/tmp/shots'
const only = process.argv[3]
const server = await startServer()
const base = server.baseURL
// a record with a history: created, then edited
const made = await staffApi<{ insertedIds?: number[] }>(base, 'admin', 'PostData/PostCommon', {
  postUrl: 'SaveOrder',
  postData: {
    insertRecords: [
      {
        OrderNo: 'SHOT-H-1',
        Customer: '上海恒驰汽车动力系统有限公司',
        PartName: 'FL-CS-2105 1.0T 三缸汽油机曲轴',
        Quantity: 10,
        UnitPrice: 12.5,
      },
    ],
  },
})
console.log('made', JSON.stringify(made).slice(0, 200))
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } }

async function ctx(size: keyof typeof sizes, lang: 'zh' | 'en') {
  const phone = size === 'phone'
  const context = await browser.newContext({
    viewport: sizes[size],
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: 1,
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
  })
  await context.addInitScript((l) => {
    localStorage.setItem('forgeline-install-offered', 'shots')
    localStorage.setItem('forgeline-lang', JSON.stringify(l))
  }, lang)
  return { context, page: await context.newPage() }
}
const settle = (page: Page) =>
  page.waitForLoadState('networkidle').then(() => page.waitForTimeout(400))
async function signIn(page: Page) {
  await page.goto(`${base}/login`)
  await page.locator('input[autocomplete=username]').fill('admin')
  await page.locator('input[type=password]').fill('e2e-admin-pass')
  await page.locator('button[type=submit]').click()
  await page.waitForURL('**/admin/index')
}
const shot = (page: Page, name: string, full = false) =>
  page.screenshot({ path: `${out}/${name}.png`, fullPage: full })

for (const size of ['phone', 'desktop'] as const) {
  for (const lang of ['zh', 'en'] as const) {
    const tag = `${size}-${lang}`
    const { context, page } = await ctx(size, lang)
    const step = async (name: string, fn: () => Promise<unknown>) => {
      if (only && !name.includes(only)) return
      try {
        await fn()
      } catch (e) {
        console.log(`${tag} ${name}: ${(e as Error).message.split('\n')[0]}`)
      }
    }
    await step('404', async () => {
      const res = await page.goto(`${base}/no-such-page`)
      console.log(tag, '/no-such-page status', res?.status())
      await settle(page)
      await shot(page, `${tag}-404-public`)
    })
    await step('news', async () => {
      await page.goto(`${base}/news`)
      await settle(page)
      await shot(page, `${tag}-news`)
    })
    await step('about', async () => {
      await page.goto(`${base}/aboutus`)
      await settle(page)
      await shot(page, `${tag}-about`)
    })
    await step('contact', async () => {
      await page.goto(`${base}/contactus`)
      await settle(page)
      await page.locator('.leave-message-form').scrollIntoViewIfNeeded()
      await shot(page, `${tag}-contact`)
    })
    await step('footer', async () => {
      await page.goto(`${base}/index`)
      await settle(page)
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await page.waitForTimeout(300)
      await shot(page, `${tag}-footer`)
    })
    await signIn(page)
    await step('staff404', async () => {
      const res = await page.goto(`${base}/order/no-such-screen`)
      console.log(tag, '/order/no-such-screen status', res?.status())
      await settle(page)
      await shot(page, `${tag}-404-staff`)
    })
    await step('orders', async () => {
      await page.goto(`${base}/order/order`)
      await page.locator('[data-testid=grid-row]').first().waitFor()
      await settle(page)
      await shot(page, `${tag}-orders`)
    })
    await step('history', async () => {
      await page.goto(`${base}/order/order`)
      await page.locator('[data-testid=grid-row]').first().waitFor()
      await page
        .locator(
          '.grid-toolbar input[type=search], input[placeholder="搜索"], input[placeholder="Search"]',
        )
        .first()
        .fill('SHOT-H-1')
      await page.keyboard.press('Enter')
      await page.waitForTimeout(1500)
      if (size === 'phone') {
        await page.locator('[data-testid=grid-row] .grid-card-body').first().click()
        await page.getByTestId('grid-form').locator('.grid-form-history').click()
      } else {
        await page.locator('[data-testid=grid-row] .grid-check input').first().check()
        await page.getByTestId('grid-history').click()
      }
      await page.getByTestId('history-entry').first().waitFor()
      await settle(page)
      await shot(page, `${tag}-history`)
    })
    await step('audit', async () => {
      await page.goto(`${base}/order/order`)
      await page.locator('[data-testid=grid-row]').first().waitFor()
      await page.locator('[data-testid=grid-row] input[type=checkbox]').first().check()
      await page.getByTestId('grid-audit').click()
      await page.getByTestId('audit-pass').waitFor()
      await settle(page)
      await shot(page, `${tag}-audit`)
    })
    for (const grid of ['quality', 'warehouse', 'finance'])
      await step(grid, async () => {
        await page.goto(`${base}/supplier/${grid}`)
        await page.locator('[data-testid=grid-row]').first().waitFor()
        await settle(page)
        await shot(page, `${tag}-${grid}`)
      })
    await step('products', async () => {
      await page.goto(`${base}/admin/pro/promanage`)
      await page.getByTestId('admin-product').first().waitFor()
      await settle(page)
      await shot(page, `${tag}-products-admin`)
      await page.getByTestId('admin-product').first().click()
      await page.locator('.rows-field').first().waitFor()
      await page.locator('.rows-field').first().scrollIntoViewIfNeeded()
      await settle(page)
      await shot(page, `${tag}-product-specs`)
    })
    await step('push', async () => {
      await page.goto(`${base}/admin/index`)
      await settle(page)
      await page.getByTestId('notice-bell').click()
      await page.getByTestId('notice-push').waitFor()
      await page
        .getByTestId('notice-push-on')
        .click({ timeout: 3000 })
        .catch(() => undefined)
      await page.waitForTimeout(1500)
      console.log(tag, 'push line:', await page.getByTestId('notice-push').textContent())
      await shot(page, `${tag}-push`)
    })
    await context.close()
  }
}
await browser.close()
await server.stop()

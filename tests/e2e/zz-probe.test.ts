import { afterEach, expect, inject, it } from 'vitest'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { signInAs } from './helpers/staff.ts'
const baseURL = inject('baseURL')
const open: Browser[] = []
afterEach(async () => { for (const b of open.splice(0)) await b.close() })
it('probe pull', async () => {
  const b = await openBrowser(phone); open.push(b)
  const { page } = b
  await signInAs(b, baseURL, '/order/order', 'staff')
  await expect.poll(() => page.locator('[data-testid="grid-row"]').count()).toBeGreaterThan(2)
  let lists = 0
  page.on('request', (r) => { if (r.url().includes('/Order/GetList')) lists++ })
  const box = (await page.locator('[data-testid="grid-row"]').first().boundingBox())!
  console.log('box', box, await page.evaluate(() => [window.scrollY, document.scrollingElement?.scrollTop]))
  const cdp = await b.context.newCDPSession(page)
  const x = box.x + 200, y0 = box.y + 10
  for (const steps of [1, 2, 4, 8, 24]) {
    const before = lists
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] })
    for (let i = 1; i <= steps; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + (i * 240) / steps }] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await new Promise((r) => setTimeout(r, 2500))
    console.log('steps', steps, 'refreshed', lists - before)
  }
})

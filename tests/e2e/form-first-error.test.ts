import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { appStarted, openBrowser, phone, type Browser } from './helpers/browser.ts'

/** A refused send of a long form scrolls to and focuses its first field in error (390x844, touch). */
const baseURL = inject('baseURL')
const open: Browser[] = []
afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})
const phoneBrowser = async () => {
  const b = await openBrowser(phone)
  open.push(b)
  return b
}
/** the focused element's name and whether it lies wholly inside the screen */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null
    const r = el?.getBoundingClientRect()
    return {
      name: el?.getAttribute('name') ?? el?.tagName ?? '',
      inView: !!r && r.top >= 0 && r.bottom <= window.innerHeight,
    }
  })
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png` })
}

describe('first field in error of a long form on a phone', () => {
  it('supplier form: the send button at the bottom leads back to the empty company, then to the bad phone number', async () => {
    const b = await phoneBrowser()
    const { page } = b
    await page.goto(`${baseURL}/supplier-apply`)
    await appStarted(page)
    await page.locator('input[name="Contact"]').fill('陈工')
    await page.locator('input[name="Phone"]').fill('23800138000')
    await page.locator('textarea[name="Products"]').fill('42CrMo4 圆钢')
    await page.locator('textarea[name="Message"]').fill('IATF 16949')
    const send = page.getByTestId('supplier-apply-save')
    await send.scrollIntoViewIfNeeded()
    expect((await focused(page)).name).not.toBe('Company')
    await send.tap()
    await expect.poll(() => focused(page)).toEqual({ name: 'Company', inView: true })
    await shot(page, 'first-error-supplier-apply')

    await page.locator('input[name="Company"]').fill('常州测试锻造')
    await send.scrollIntoViewIfNeeded()
    await send.tap()
    await expect.poll(() => focused(page)).toEqual({ name: 'Phone', inView: true })
  })

  it('contact page: the message form leads back to the missing name', async () => {
    const b = await phoneBrowser()
    const { page } = b
    await page.goto(`${baseURL}/contactus`)
    await appStarted(page)
    await page.locator('.leave-message-form textarea[name="Message"]').fill('询价：曲轴 500 件')
    const send = page.locator('.leave-message-submit')
    await send.scrollIntoViewIfNeeded()
    await send.tap()
    await expect.poll(() => focused(page)).toEqual({ name: 'Name', inView: true })
    await shot(page, 'first-error-contact')
  })
})

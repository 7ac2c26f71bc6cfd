import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { orderGridKept } from './helpers/staff-cache.ts'

/** After an offline save the waiting pill leaves the last record's new value in view. */
const baseURL = inject('baseURL')
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  b = undefined
})

/** Signs in, opens the order grid with the worker in control (so its saves queue offline). */
async function openGrid(size: typeof phone, locale: string) {
  b = await openBrowser(size, locale)
  await orderGridKept(b, baseURL, (page) =>
    expect.poll(() => page.getByTestId('grid-row').count(), { timeout: 20_000 }).toBeGreaterThan(3),
  )
  return b.page
}

/**
 * Saves; an audited record is sent back to audit (the dialog asks first). With `inPlace` the
 * button is pressed where it is, the page not scrolled to it (as on a short list, where Save and
 * the last card are on screen together).
 */
async function save(page: Page, inPlace = false) {
  const button = page.getByTestId('grid-save')
  if (inPlace) await button.evaluate((el) => (el as HTMLButtonElement).click())
  else await button.click()
  const ok = page.getByTestId('audit-reset-ok')
  await expect
    .poll(async () => {
      if (await ok.isVisible()) await ok.click()
      return page.getByTestId('outbox').count()
    })
    .toBe(1)
}

/** The two boxes share no pixel. */
async function apart(a: Locator, pill: Locator) {
  const x = (await a.boundingBox())!
  const y = (await pill.boundingBox())!
  return x.y + x.height <= y.y || y.y + y.height <= x.y
}

/** Scrolls the page (and the table's own scroller, when there is one) to the very end. */
const toEnd = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector('.grid-scroll')
    if (scroller) scroller.scrollTop = scroller.scrollHeight
    window.scrollTo(0, document.documentElement.scrollHeight)
  })

describe('the waiting pill and the last record', () => {
  it('phone 390x844 zh: the last card edited offline shows its new quantity above the pill', async () => {
    const page = await openGrid(phone, 'zh-CN')
    const last = page.getByTestId('grid-row').last()
    await b!.context.setOffline(true)
    await last.locator('.grid-card-body').click()
    const form = page.getByTestId('grid-form')
    await form.locator('input[name=Quantity]').fill('4321')
    await form.getByRole('button', { name: '完成' }).click()
    // the card at the bottom of the screen, above the offline banner, when Save is pressed
    await last.evaluate((el) => el.scrollIntoView({ block: 'end' }))
    await save(page, true)
    const pill = page.getByTestId('outbox')
    const quantity = last.locator('.grid-card-fields [data-field=Quantity]')
    await expect.poll(() => quantity.textContent()).toContain('4,321')
    // the page keeps the whole card above the banners (offline, waiting); the test scrolls nothing
    await expect.poll(() => apart(last, page.locator('.app-banners'))).toBe(true)
    expect(await apart(quantity, pill)).toBe(true)
    const box = (await last.boundingBox())!
    expect(box.y).toBeGreaterThan(0)
    // at the end of the page the pager is clear of the banners too
    await toEnd(page)
    expect(await apart(page.locator('.grid-pager'), pill)).toBe(true)
  })

  it('desktop 1280x800 en: the last table row edited offline shows its new quantity above the pill', async () => {
    const page = await openGrid(desktop, 'en-US')
    await b!.context.setOffline(true)
    await toEnd(page)
    // the rows are a ring of recycled slots: the last one on screen is not the last in the DOM
    const lastId = await page.evaluate(() => {
      const rows = [...document.querySelectorAll<HTMLElement>('.grid-scroll tr[data-id]')]
      rows.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      return rows.at(-1)?.dataset.id
    })
    const last = page.locator(`.grid-scroll tr[data-id="${lastId}"]`)
    const cell = last.locator('td[data-field=Quantity]')
    const x = (await cell.boundingBox())!.x
    // a double click that lands while the page still settles is tried again
    await expect
      .poll(
        async () => {
          if ((await cell.locator('input').count()) === 0) await cell.dblclick()
          return cell.locator('input').count()
        },
        { timeout: 30_000 },
      )
      .toBe(1)
    // opening the row widens its area column: the table scrolls by as much, so the cell stays
    // under the pointer (a double click's second click lands on it, not on a neighbour)
    expect(Math.abs((await cell.boundingBox())!.x - x)).toBeLessThan(2)
    await cell.locator('input').fill('4321')
    await cell.locator('input').press('Enter')
    await save(page)
    const pill = page.getByTestId('outbox')
    await toEnd(page)
    await expect.poll(() => cell.textContent()).toContain('4,321')
    expect(await apart(cell, pill)).toBe(true)
    expect(await apart(page.locator('.grid-pager'), pill)).toBe(true)
  })
})

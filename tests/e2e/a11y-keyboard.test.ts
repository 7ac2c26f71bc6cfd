import type { Browser as PwBrowser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { openContext } from './helpers/a11y.ts'
import { desktop, sharedChromium } from './helpers/browser.ts'
import { staffApi } from './helpers/staff.ts'

const baseURL = inject('baseURL')
let browser: PwBrowser
beforeAll(async () => {
  browser = await sharedChromium()
})

const focused = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)
const focusedText = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.outerHTML.slice(0, 160) ?? '')

/** Presses Tab (or Shift+Tab) until the focus is on `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, { back = false, max = 80 } = {}) {
  // the page (loaded on demand) must be there before counting presses
  await page.locator(selector).first().waitFor({ state: 'attached' })
  for (let i = 0; i < max; i++) {
    if (await focused(page, selector)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(
    `${selector} not reached by ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses; focus is on ${await focusedText(page)}`,
  )
}

/** The focused element draws a visible ring: an outline of at least 2 px (or a box shadow). */
const ringShown = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return false
    const s = getComputedStyle(el)
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none'
  })

type Order = { Id: number; OrderNo: string; Quantity: number }

describe('keyboard only, 1280x800', () => {
  it(
    'signs in, opens the orders grid, edits a quantity, saves and opens a notice without the mouse',
    { timeout: 180_000 },
    async () => {
      // a notice of its own, so the bell has an item whatever other suites did with the admin's notices
      const orderNo = `KB-${Date.now().toString(36)}`
      await staffApi(baseURL, 'admin', 'PostData/PostCommon', {
        postUrl: 'SaveOrder',
        postData: {
          insertRecords: [
            {
              OrderNo: orderNo,
              Customer: '键盘测试',
              PartName: '曲轴',
              Quantity: 1,
              UnitPrice: 1,
              PriceSign: '¥',
              JobStartTimeString: '2026-03-02',
              RoughForging: false,
              Workshop: 1,
              WorkshopSupervisor: '陈磊',
              MaterialQuantity: 1,
              MaterialPrice: 1,
              Remark: '',
            },
          ],
        },
      })
      const { context, page, errors } = await openContext(browser, desktop, 'zh')
      try {
        await page.goto(`${baseURL}/login?redirect=%2Fadmin%2Findex`)
        await tabTo(page, 'input[autocomplete=username]')
        expect(await ringShown(page)).toBe(true)
        await page.keyboard.type('admin')
        await page.keyboard.press('Tab')
        expect(await focused(page, 'input[type=password]')).toBe(true)
        await page.keyboard.type('e2e-admin-pass')
        await page.keyboard.press('Enter')
        await page.waitForURL('**/admin/index')
        await page.getByTestId('shell').waitFor()

        // the skip link (before the header) becomes visible with the focus and moves the focus to the content
        await page.keyboard.press('F5')
        await page.waitForLoadState('load')
        await page.getByTestId('shell').waitFor()
        await page.keyboard.press('Tab')
        expect(await focused(page, '.shell-skip')).toBe(true)
        expect(
          await page
            .locator('.shell-skip')
            .evaluate(
              (el) =>
                el.getBoundingClientRect().height > 0 && getComputedStyle(el).clipPath === 'none',
            ),
        ).toBe(true)
        await page.keyboard.press('Enter')
        await expect.poll(() => focused(page, '#shell-main')).toBe(true)

        // the menu (horizontal, the default layout): a group opens its dropdown with the focus and
        // Tab goes into it; /order holds one page, so the menu shows that page in the group's place
        await tabTo(page, '.hmenu-root > .hmenu-group > button', { back: true })
        expect(await ringShown(page)).toBe(true)
        await page.keyboard.press('Tab')
        expect(await focused(page, '.hmenu-root > .hmenu-group > .hmenu-dropdown a')).toBe(true)
        expect(
          await page.evaluate(
            () => (document.activeElement as HTMLElement).getBoundingClientRect().height > 0,
          ),
        ).toBe(true)
        await tabTo(page, '.hmenu-root a[href="/order/order"]', { back: true })
        expect(await ringShown(page)).toBe(true)
        await page.keyboard.press('Enter')
        await page.waitForURL('**/order/order')
        await page.locator('[data-testid=grid-row] td.grid-cell-text').first().waitFor()

        // the grid: the first editable cell, arrows between cells, Enter edits, Escape cancels
        await tabTo(page, '[data-testid=grid-row] td.grid-cell-text')
        expect(await ringShown(page)).toBe(true)
        const rowId = Number(
          await page.evaluate(() => document.activeElement!.closest('tr')!.getAttribute('data-id')),
        )
        for (let i = 0; i < 20 && !(await focused(page, 'td[data-field=Quantity]')); i++)
          await page.keyboard.press('ArrowRight')
        expect(await focused(page, 'td[data-field=Quantity]')).toBe(true)
        await page.keyboard.press('ArrowDown')
        expect(
          await page.evaluate(() => document.activeElement!.closest('tr')!.getAttribute('data-id')),
        ).not.toBe(String(rowId))
        await page.keyboard.press('ArrowUp')
        expect(await focused(page, `tr[data-id="${rowId}"] td[data-field=Quantity]`)).toBe(true)
        const before = (await page
          .locator(`tr[data-id="${rowId}"] td[data-field=Quantity]`)
          .textContent())!.trim()
        await page.keyboard.press('Enter')
        await expect
          .poll(() => focused(page, `tr[data-id="${rowId}"] input[name=Quantity]`))
          .toBe(true)
        await page.keyboard.press('ControlOrMeta+A')
        await page.keyboard.type('999')
        await page.keyboard.press('Escape')
        await expect
          .poll(() => focused(page, `tr[data-id="${rowId}"] td[data-field=Quantity]`))
          .toBe(true)
        expect(
          (await page
            .locator(`tr[data-id="${rowId}"] td[data-field=Quantity]`)
            .textContent())!.trim(),
        ).toBe(before)
        await page.keyboard.press('Enter')
        await expect
          .poll(() => focused(page, `tr[data-id="${rowId}"] input[name=Quantity]`))
          .toBe(true)
        const quantity = Number(before.replace(/\D/g, '')) + 7
        await page.keyboard.press('ControlOrMeta+A')
        await page.keyboard.type(String(quantity))
        await page.keyboard.press('Enter')
        await tabTo(page, '[data-testid=grid-save]', { back: true })
        await page.keyboard.press('Enter')
        await expect
          .poll(async () => {
            const list = await staffApi<{ result: Order[] }>(baseURL, 'admin', 'Order/GetList', {
              pageIndex: 1,
              pageSize: 200,
            })
            return list.result.find((o) => o.Id === rowId)?.Quantity
          })
          .toBe(quantity)

        // a notice: the bell opens the popover with the focus in it; Escape gives the focus back
        await tabTo(page, '[data-testid=notice-bell]', { back: true })
        await page.keyboard.press('Enter')
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                document.activeElement?.closest('[data-testid=notice-panel], .notice-popover') !==
                null,
            ),
          )
          .toBe(true)
        await page.keyboard.press('Escape')
        await expect.poll(() => focused(page, '[data-testid=notice-bell]')).toBe(true)
        await page.keyboard.press('Enter')
        await tabTo(page, '[data-testid=notice-item] button')
        const opened = context.waitForEvent('page', { timeout: 15_000 }).catch(() => null)
        const url = page.url()
        await page.keyboard.press('Enter')
        const tab = await Promise.race([
          opened,
          page.waitForURL((u) => u.toString() !== url, { timeout: 15_000 }).then(() => null),
        ])
        const shown = tab ?? page
        await shown.waitForLoadState()
        expect(shown.url()).not.toBe(url)
        expect(errors).toEqual([])
      } finally {
        await context.close()
      }
    },
  )

  it(
    'tabs open their context menu from the keyboard, and dialogs give the focus back to their opener',
    { timeout: 120_000 },
    async () => {
      const { context, page, errors } = await openContext(browser, desktop, 'en')
      try {
        await page.goto(`${baseURL}/login`)
        await page.locator('input[autocomplete=username]').fill('admin')
        await page.locator('input[type=password]').fill('e2e-admin-pass')
        await page.keyboard.press('Enter')
        await page.waitForURL('**/admin/index')
        await page.goto(`${baseURL}/order/order`)
        await page.locator('.shell-tab[data-path="/order/order"]').waitFor()

        await tabTo(page, '.shell-tab[data-path="/order/order"] a', { max: 150 })
        await page.keyboard.press('Shift+F10')
        await expect.poll(() => focused(page, '.shell-context-menu [role=menuitem]')).toBe(true)
        await page.keyboard.press('ArrowDown')
        expect(await focused(page, '.shell-context-menu [role=menuitem]')).toBe(true)
        await page.keyboard.press('Escape')
        await expect.poll(() => page.locator('.shell-context-menu').count()).toBe(0)
        expect(await focused(page, '.shell-tab[data-path="/order/order"] a')).toBe(true)

        // theme drawer: focus inside while open, back on its button after Escape
        await tabTo(page, '[data-testid=shell-theme]', { back: true })
        await page.keyboard.press('Enter')
        await expect
          .poll(() =>
            page.evaluate(
              () => document.activeElement?.closest('[data-testid=theme-drawer]') !== null,
            ),
          )
          .toBe(true)
        // every switch of the drawer is announced with its name
        const drawer = page.getByTestId('theme-drawer')
        for (const name of [
          'Tabs',
          'Tab icons',
          'Fixed header',
          'Language switch',
          'Progress bar',
          'Refresh',
          'Search',
          'Notices',
          'Full screen',
        ]) {
          expect(await drawer.getByRole('switch', { name, exact: true }).count(), name).toBe(1)
        }
        await page.keyboard.press('Escape')
        await expect.poll(() => focused(page, '[data-testid=shell-theme]')).toBe(true)

        // the account menu: opens on Enter, arrows move, Escape returns to the button
        await tabTo(page, '[data-testid=shell-user-menu]')
        await page.keyboard.press('Enter')
        await expect.poll(() => focused(page, '.shell-menu-list [role=menuitem]')).toBe(true)
        await page.keyboard.press('Escape')
        expect(await focused(page, '[data-testid=shell-user-menu]')).toBe(true)

        // the audit dialog of the grid: Escape closes it, the focus is back on the toolbar button
        await tabTo(page, '[data-testid=grid-row] input[type=checkbox]')
        await page.keyboard.press('Space')
        await tabTo(page, '[data-testid=grid-audit]', { back: true })
        await page.keyboard.press('Enter')
        await expect
          .poll(() =>
            page.evaluate(
              () => document.activeElement?.closest('[data-testid=audit-dialog]') !== null,
            ),
          )
          .toBe(true)
        await page.keyboard.press('Escape')
        await expect.poll(() => focused(page, '[data-testid=grid-audit]')).toBe(true)
        expect(errors).toEqual([])
      } finally {
        await context.close()
      }
    },
  )
})

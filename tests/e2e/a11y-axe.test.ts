import type { Browser as PwBrowser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { axeViolations, describeViolations, settle } from './helpers/axe.ts'
import { designRoutes, openContext, signIn, type Lang } from './helpers/a11y.ts'
import { appStarted, desktop, phone, sharedChromium } from './helpers/browser.ts'

const baseURL = inject('baseURL')
let browser: PwBrowser
let routes: Awaited<ReturnType<typeof designRoutes>>
beforeAll(async () => {
  browser = await sharedChromium()
  routes = await designRoutes(baseURL)
})

/** Scans the page as it is now; returns the violations as lines naming the state. */
async function scan(page: Page, where: string): Promise<string[]> {
  await settle(page)
  return describeViolations(where, await axeViolations(page))
}

/** Opens something, scans it, closes it with Escape or the given step. */
async function scanState(
  page: Page,
  where: string,
  open: () => Promise<unknown>,
  shown: string,
  close?: () => Promise<unknown>,
) {
  await open()
  await page.locator(shown).first().waitFor({ state: 'visible' })
  const found = await scan(page, where)
  if (close) await close()
  else await page.keyboard.press('Escape')
  return found
}

/** The public states: the phone menu drawer, the product image viewer. */
async function publicStates(page: Page, label: string, isPhone: boolean) {
  const found: string[] = []
  await page.goto(`${baseURL}${routes.open[3]!}`)
  await settle(page)
  // the drawer and the viewer are the app's (the server's gallery links open the picture itself)
  await appStarted(page)
  if (isPhone) {
    found.push(
      ...(await scanState(
        page,
        `${label} site menu drawer`,
        () => page.locator('.site-menu-button').click(),
        '.site-drawer nav',
      )),
    )
  }
  found.push(
    ...(await scanState(
      page,
      `${label} image viewer`,
      () => page.locator('.product-gallery-item').first().click(),
      '.adm-image-viewer, .image-zoom, [role=dialog]',
    )),
  )
  return found
}

/** The staff states: drawers, sheets, menus, dialogs, the grid editing, the phone card form. */
async function staffStates(page: Page, label: string, isPhone: boolean) {
  const found: string[] = []
  const at = async (path: string) => {
    await page.goto(`${baseURL}${path}`)
    await settle(page)
    // still signed in: the page itself, not the login page it would land on otherwise
    expect(new URL(page.url()).pathname).toBe(path)
  }
  await at('/admin/index')
  found.push(
    ...(await scanState(
      page,
      `${label} theme drawer`,
      () => page.getByTestId('shell-theme').click(),
      '[data-testid=theme-drawer]',
    )),
  )
  found.push(
    ...(await scanState(
      page,
      `${label} notices`,
      () => page.getByTestId('notice-bell').click(),
      '[data-testid=notice-panel] [data-testid=notice-item]',
    )),
  )
  found.push(
    ...(await scanState(
      page,
      `${label} search dialog`,
      () => page.getByTestId('search-button').click(),
      '[data-testid=search-dialog]',
    )),
  )
  found.push(
    ...(await scanState(
      page,
      `${label} account menu`,
      () => page.getByTestId('shell-user-menu').click(),
      '.shell-menu-list',
    )),
  )
  found.push(
    ...(await scanState(
      page,
      `${label} log-out confirmation`,
      async () => {
        await page.getByTestId('shell-user-menu').click()
        await page.locator('.shell-menu-list [data-action="logout"]').click()
      },
      '.shell-confirm-cancel',
      () => page.locator('.shell-confirm-cancel').click(),
    )),
  )
  if (isPhone) {
    found.push(
      ...(await scanState(
        page,
        `${label} menu drawer`,
        () => page.getByTestId('shell-fold').click(),
        '[data-testid=shell-drawer]',
      )),
    )
  }
  await at('/admin/news')
  found.push(
    ...(await scanState(
      page,
      `${label} news editor sheet`,
      () => page.getByTestId('news-add').click(),
      '[data-testid=news-form]',
    )),
  )

  await at('/order/order')
  await page.locator('[data-testid=grid-row]').first().waitFor()
  if (isPhone) {
    await page.locator('[data-testid=grid-row] .grid-card-body').first().click()
    await page.getByTestId('grid-form').locator('input[name=Quantity]').waitFor()
    found.push(...(await scan(page, `${label} phone card edit form`)))
    await page.keyboard.press('Escape')
  } else {
    await page.locator('[data-testid=grid-row] [data-field=Quantity]').first().click()
    await page.locator('[data-testid=grid-row] input[name=Quantity]').first().waitFor()
    found.push(...(await scan(page, `${label} grid cell in edit mode`)))
    await page.keyboard.press('Escape')
    found.push(
      ...(await scanState(
        page,
        `${label} tab context menu`,
        () => page.locator('.shell-tab').first().click({ button: 'right' }),
        '.shell-context-menu .shell-menu-list',
      )),
    )
  }
  await page.locator('[data-testid=grid-row] input[type=checkbox]').first().check()
  found.push(
    ...(await scanState(
      page,
      `${label} audit dialog`,
      () => page.getByTestId('grid-audit').click(),
      '[data-testid=audit-pass]',
    )),
  )
  found.push(
    ...(await scanState(
      page,
      `${label} column picker`,
      () => page.getByTestId('grid-columns').click(),
      '.grid-columns',
    )),
  )
  return found
}

const combos = [
  ['390x844 touch', phone],
  ['1280x800', desktop],
] as const

// The four cases at once, each in its own context of the one browser: a case mostly waits on its
// page (loads, settling), so together they take about half their time one after the other
describe('WCAG 2.1 AA (axe-core): every route of DESIGN §3 and every open state', () => {
  for (const [size, viewport] of combos) {
    for (const lang of ['zh', 'en'] as Lang[]) {
      it.concurrent(
        `at ${size}, ${lang}: no violation of any impact`,
        { timeout: 300_000 },
        async ({ expect }) => {
          const { context, page, errors } = await openContext(browser, viewport, lang)
          try {
            const label = `${size} ${lang}`
            const found: string[] = []
            for (const path of routes.open) {
              await page.goto(`${baseURL}${path}`)
              found.push(...(await scan(page, `${label} ${path}`)))
            }
            found.push(...(await publicStates(page, label, viewport === phone)))
            await signIn(page, baseURL)
            for (const path of routes.staff) {
              await page.goto(`${baseURL}${path}`)
              found.push(...(await scan(page, `${label} ${path}`)))
              // the staff page itself was scanned, not the login page a lost session lands on
              expect(new URL(page.url()).pathname).toBe(path)
            }
            found.push(...(await staffStates(page, label, viewport === phone)))
            expect(found).toEqual([])
            expect(errors).toEqual([])
          } finally {
            await context.close()
          }
        },
      )
    }
  }
})

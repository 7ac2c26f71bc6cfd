import { type Browser as PwBrowser, type BrowserContext, type Page } from 'playwright-core'
import { trackRequests } from './axe.ts'

export type Lang = 'zh' | 'en'

/**
 * A context at a viewport (touch below 600 px) in a UI language. `bypassCSP` lets the test put
 * axe-core into the page (the app's CSP allows only its own scripts); the language is the
 * stored choice of the language switch, so the first page already shows it.
 */
export async function openContext(
  browser: PwBrowser,
  viewport: { width: number; height: number },
  lang: Lang,
  extra: { reducedMotion?: 'reduce' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const phone = viewport.width < 600
  const context = await browser.newContext({
    viewport,
    isMobile: phone,
    hasTouch: phone,
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
    bypassCSP: true,
    ...extra,
  })
  await context.addInitScript((l) => {
    localStorage.setItem('forgeline-install-offered', 'e2e')
    if (localStorage.getItem('forgeline-lang') === null)
      localStorage.setItem('forgeline-lang', JSON.stringify(l))
    // the bell, the search and the tabs are part of what gets checked, whatever the theme defaults
    const theme = JSON.parse(localStorage.getItem('forgeline-theme') ?? '{}') as Record<
      string,
      unknown
    >
    localStorage.setItem(
      'forgeline-theme',
      JSON.stringify({ ...theme, showNotice: true, showSearch: true, showTabs: true }),
    )
  }, lang)
  const page = await context.newPage()
  trackRequests(page)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { context, page, errors }
}

/** Signs in as admin on the login page, with the keyboard-free form fields of either language. */
export async function signIn(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/login`)
  await page.locator('input[autocomplete=username]').fill('admin')
  await page.locator('input[type=password]').fill('e2e-admin-pass')
  await page.locator('button[type=submit]').click()
  await page.waitForURL('**/admin/index')
}

type Listed = { data: { result: { Id: number }[] } }
const firstId = async (baseURL: string, path: string, at = 0) =>
  ((await (await fetch(`${baseURL}/api/${path}`)).json()) as Listed).data.result[at]!.Id

/** Every route of DESIGN §3: public pages with footer, pages without layout, staff screens. */
export async function designRoutes(baseURL: string) {
  const product = await firstId(baseURL, 'CommonData/GetProductList?pageSize=1')
  const news = await firstId(baseURL, 'News/GetList')
  const category = await firstId(baseURL, 'CommonData/GetList', 1)
  return {
    open: [
      '/index',
      '/aboutus',
      `/products?sort=${category}`,
      `/prodetail?id=${product}`,
      '/contactus',
      '/equipment',
      '/news',
      `/news/detail?id=${news}`,
      '/supplier-apply',
      '/login',
      '/register',
      '/callback',
      '/403',
      '/404',
      '/wxbd',
      '/wxlogin',
      '/selectaccount',
    ],
    staff: [
      '/admin/index',
      '/admin/lunbo',
      '/admin/pro/promanage',
      '/admin/linkus',
      '/admin/wxUserManagement',
      '/admin/leaving',
      '/admin/news',
      '/admin/equipment',
      '/admin/about',
      '/workbench',
      '/setting/personalCenter',
      '/order/order',
      '/ship/ship',
      '/supplier/purchase',
      '/supplier/outsourcing',
      '/supplier/quality',
      '/supplier/warehouse',
      '/supplier/finance',
      '/supplier/forms',
      '/production/report',
      '/system/role',
      '/system/department',
      '/system/menu',
      '/system/log',
      '/system/user',
    ],
  }
}

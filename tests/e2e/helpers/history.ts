import { afterEach } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser, type Browser, type phone } from './browser.ts'
import { staffApi } from './staff.ts'

/** An administrator's save through `PostData/PostCommon` (records whose history a test reads). */
export const adminSave = (baseURL: string, postUrl: string, postData: unknown) =>
  staffApi(baseURL, 'admin', 'PostData/PostCommon', { postUrl, postData })

/**
 * Browsers in a size and a language (the app's saved language set before it loads), each closed
 * after its test. Call once at a test file's top level.
 */
export function historyBrowsers() {
  const open: Browser[] = []
  afterEach(async () => {
    for (const b of open.splice(0)) await b.close()
  })
  return async (size: typeof phone, lang: 'zh' | 'en') => {
    const b = await openBrowser(size, lang === 'zh' ? 'zh-CN' : 'en-US')
    open.push(b)
    await b.context.addInitScript(
      (l) => localStorage.setItem('forgeline-lang', JSON.stringify(l)),
      lang,
    )
    return b
  }
}

/** The open history panel, and its entries of one action. */
export const historyPanel = (page: Page) => page.getByTestId('history-panel')
export const historyEntry = (page: Page, action: string) =>
  historyPanel(page).locator(`[data-testid="history-entry"][data-action="${action}"]`)

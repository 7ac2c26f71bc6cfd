import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, type Browser } from './helpers/browser.ts'
import { signInAs } from './helpers/staff.ts'

const baseURL = inject('baseURL')
const opened: Browser[] = []
afterEach(async () => {
  while (opened.length > 0) await opened.pop()!.close()
})

/** A staff browser without service workers (as some browsers are), so every chunk comes from the network and `route` answers it. */
async function staffBrowser(path: string) {
  const b = await openBrowser(desktop)
  opened.push(b)
  await b.context.addInitScript(() => {
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker
  })
  await signInAs(b, baseURL, path, 'admin')
  return b
}

/** Loads of the document from now on (a reload, or leaving and coming back). */
function countLoads(page: Page) {
  const loads = { count: 0 }
  // 'load' fires for a new document only, not for the app's own (pushState) page changes
  page.on('load', () => loads.count++)
  return loads
}

/**
 * The workbench page's chunk as after a new deploy that removed it: 404 for the page that was
 * open before the deploy ('until-reload': a reloaded page gets the file, as it would get the new
 * version's) or for good ('always').
 */
async function chunkGone(b: Browser, loads: { count: number }, mode: 'until-reload' | 'always') {
  const hits = { missing: 0, served: 0 }
  await b.context.route(/\/assets\/workbench-[\w-]+\.js$/, async (route) => {
    if (mode === 'always' || loads.count === 0) {
      hits.missing++
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' })
    } else {
      hits.served++
      await route.continue()
    }
  })
  return hits
}

const openWorkbench = async (page: Page) => {
  await page.getByRole('link', { name: '全部消息' }).first().click()
  await page.waitForURL('**/workbench')
}

describe('a chunk gone after a new deploy (SPEC §8/§9)', () => {
  it('missing once: one reload gets the page', async () => {
    const b = await staffBrowser('/admin/index')
    const loads = countLoads(b.page)
    const hits = await chunkGone(b, loads, 'until-reload')
    await openWorkbench(b.page)
    await b.page.getByTestId('workbench').waitFor()
    expect(hits.missing).toBeGreaterThan(0)
    expect(hits.served).toBeGreaterThan(0)
    expect(loads.count).toBe(1)
    expect(await b.page.locator('.page-state[role="alert"]').count()).toBe(0)
  })

  it('missing for good: after one reload a translated load error with a retry, never a reload loop', async () => {
    const b = await staffBrowser('/admin/index')
    const loads = countLoads(b.page)
    const hits = await chunkGone(b, loads, 'always')
    await openWorkbench(b.page)
    const state = b.page.locator('.page-state[role="alert"]')
    await state.getByText('页面代码加载失败，请刷新页面以获取最新版本。').waitFor()
    expect(loads.count).toBe(1)
    // the retry asks for the chunk again, inside the page: still no reload
    const before = hits.missing
    await state.getByRole('button', { name: '重试' }).click()
    await expect.poll(() => hits.missing, { timeout: 30_000 }).toBeGreaterThan(before)
    await state.getByText('页面代码加载失败，请刷新页面以获取最新版本。').waitFor()
    expect(loads.count).toBe(1)
    expect(hits.served).toBe(0)
  })

  it('with unsaved input in a form, no automatic reload: the load error instead', async () => {
    const b = await staffBrowser('/setting/personalCenter')
    const nickname = b.page.getByRole('textbox', { name: '昵称' })
    await nickname.fill('未保存的昵称')
    const loads = countLoads(b.page)
    const hits = await chunkGone(b, loads, 'always')
    await openWorkbench(b.page)
    await b.page
      .locator('.page-state[role="alert"]')
      .getByText('页面代码加载失败，请刷新页面以获取最新版本。')
      .waitFor()
    expect(loads.count).toBe(0)
    expect(hits.missing).toBeGreaterThan(0)
    // the typed input is still there in its tab
    await b.page.goBack()
    await b.page.waitForURL('**/setting/personalCenter')
    expect(await nickname.inputValue()).toBe('未保存的昵称')
  })

  it('the server not answering: no reload into the error page of the browser; the connection is told, and the retry loads the page once it answers', async () => {
    const b = await staffBrowser('/admin/index')
    const loads = countLoads(b.page)
    const refused = { chunk: 0, asked: 0 }
    const chunk = /\/assets\/workbench-[\w-]+\.js$/
    await b.context.route(chunk, (route) => {
      refused.chunk++
      return route.abort('connectionrefused')
    })
    // the page's address, asked before any reload: no answer either
    const page = (url: URL) =>
      !url.pathname.startsWith('/api') && !url.pathname.startsWith('/assets')
    await b.context.route(page, (route) => {
      if (route.request().method() !== 'HEAD') return route.continue()
      refused.asked++
      return route.abort('connectionrefused')
    })
    await openWorkbench(b.page)
    const state = b.page.locator('.page-state[role="alert"]')
    await state.getByText('请检查网络连接后重试。').waitFor()
    expect(refused.chunk).toBeGreaterThan(0)
    expect(refused.asked).toBe(1)
    expect(loads.count).toBe(0)
    // the server is back: the retry gets the page, in place or by the one reload the recovery
    // makes now that the address answers
    await b.context.unrouteAll()
    await state.getByRole('button', { name: '重试' }).click()
    await b.page.getByTestId('workbench').waitFor()
    expect(loads.count).toBeLessThanOrEqual(1)
    expect(await b.page.locator('.page-state[role="alert"]').count()).toBe(0)
  })

  it('the code of the banners not coming while the server restarts: no reload, they come with a later try', async () => {
    const b = await openBrowser(desktop)
    opened.push(b)
    const loads = countLoads(b.page)
    const asked = { refused: 0, served: 0 }
    await b.context.route(/\/assets\/app-banners-[\w-]+\.js$/, (route) => {
      if (asked.refused < 2) {
        asked.refused++
        return route.abort('connectionrefused')
      }
      asked.served++
      return route.continue()
    })
    await b.page.goto(`${baseURL}/index`)
    // the banners register the service worker: it is there once their code came
    await expect
      .poll(
        () => b.page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())),
        {
          timeout: 30_000,
        },
      )
      .toBe(true)
    expect(asked).toEqual({ refused: 2, served: 1 })
    // the first load only: no reload (into the browser's error page while the server is away)
    expect(loads.count).toBe(1)
    expect(await b.page.locator('.page-state[role="alert"]').count()).toBe(0)
  })
})

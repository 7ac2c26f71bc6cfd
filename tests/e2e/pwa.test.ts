import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { desktop, openBrowser, phone, type Browser } from './helpers/browser.ts'
import { root, startServer, type ServerHandle } from './helpers/server.ts'

const baseURL = inject('baseURL')
let b: Browser | undefined
let extra: ServerHandle | undefined
let clientCopy: string | undefined
afterEach(async () => {
  await b?.close()
  await extra?.stop()
  if (clientCopy) fs.rmSync(clientCopy, { recursive: true, force: true })
  b = extra = clientCopy = undefined
})

describe('installable app', () => {
  it('Chromium reports no installability errors', async () => {
    b = await openBrowser(phone, 'zh-CN', { installable: true })
    const { page, context } = b
    await page.goto(`${baseURL}/index`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[]
    }
    expect(installabilityErrors).toEqual([])
    const manifest = (await (await fetch(`${baseURL}/manifest.webmanifest`)).json()) as {
      icons: { purpose: string }[]
      display: string
    }
    expect(manifest.display).toBe('standalone')
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
  })

  it('a new version shows the update prompt and never reloads over unsaved input', async () => {
    clientCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-client-'))
    fs.cpSync(path.join(root, 'dist'), clientCopy, { recursive: true })
    extra = await startServer({ CLIENT_DIR: clientCopy })
    b = await openBrowser(desktop)
    const { page } = b
    await page.goto(`${extra.baseURL}/contactus`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    const name = page.locator('.leave-message-form input[name=Name]')
    await name.fill('尚未保存的输入')
    // "deploy" a new build: the worker script changes
    for (const f of ['sw.js', 'sw.js.br', 'sw.js.gz'])
      fs.rmSync(path.join(clientCopy, f), { force: true })
    fs.writeFileSync(
      path.join(clientCopy, 'sw.js'),
      `${fs.readFileSync(path.join(root, 'dist', 'sw.js'), 'utf8')}\n// release 2\n`,
    )
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      await reg?.update()
    })
    await expect
      .poll(() => page.getByTestId('update-banner').isVisible(), { timeout: 20_000 })
      .toBe(true)
    // the new version waits for the user: it is installed, not in control, and the page was not
    // reloaded (the mark set on this document is still there)
    await page.evaluate(
      () => ((window as unknown as { e2eMark: string }).e2eMark = 'same document'),
    )
    const state = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration()
        return {
          waiting: reg?.waiting?.state ?? null,
          mark: (window as unknown as { e2eMark?: string }).e2eMark ?? null,
        }
      })
    expect(await state()).toEqual({ waiting: 'installed', mark: 'same document' })
    expect(await name.inputValue()).toBe('尚未保存的输入')
    // the user declines reloading over unsaved input: the question is asked in the app's
    // dialog (never the browser's confirm), nothing is lost
    const native: string[] = []
    page.on('dialog', (d) => {
      native.push(d.message())
      void d.dismiss()
    })
    await page.getByTestId('update-banner').getByRole('button', { name: '刷新' }).click()
    const ask = page.getByTestId('update-confirm')
    await expect.poll(() => ask.isVisible()).toBe(true)
    expect(await ask.textContent()).toContain('还有未保存的内容，仍要刷新吗？')
    await ask.getByRole('button', { name: '取消' }).click()
    await expect.poll(() => ask.count()).toBe(0)
    expect(native).toEqual([])
    // declined: the new version is still waiting (no SKIP_WAITING was sent), the same document
    // still shows the input and the banner
    expect(await state()).toEqual({ waiting: 'installed', mark: 'same document' })
    expect(await name.inputValue()).toBe('尚未保存的输入')
    expect(await page.getByTestId('update-banner').isVisible()).toBe(true)
  })
})

describe('logout leaves no data behind', () => {
  it('IndexedDB holds no persisted queries after logout', async () => {
    b = await openBrowser(desktop)
    const { page } = b
    await page.goto(`${baseURL}/login?redirect=%2Fadmin%2Findex`)
    await page.getByPlaceholder('用户名').fill('admin')
    await page.getByPlaceholder('密码').fill('e2e-admin-pass')
    await page.getByRole('button', { name: '登录' }).click()
    await page.waitForURL('**/admin/index')
    const persisted = () =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('keyval-store')
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('keyval')) return resolve('')
              const get = db
                .transaction('keyval')
                .objectStore('keyval')
                .get('forgeline-query-cache')
              get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : '')
              get.onerror = () => resolve('')
            }
            open.onerror = () => resolve('')
          }),
      )
    await expect.poll(persisted).toContain('user-info')
    await page.getByTestId('shell-user-menu').click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.locator('.shell-confirm-ok').click()
    await page.waitForURL('**/login')
    await expect.poll(persisted).not.toContain('user-info')
    expect(await persisted()).not.toContain('系统管理员')
  })
})

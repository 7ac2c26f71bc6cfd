import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export const phone = { width: 390, height: 844 }
export const desktop = { width: 1280, height: 800 }

const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export type Browser = { context: BrowserContext; page: Page; close: () => Promise<void> }

export type BrowserOptions = {
  /**
   * A y4m file the browser's camera shows (Chromium's fake capture device), with the camera
   * permission granted: the Scan tests (issue 34). Without it the browser has no camera.
   */
  fakeCamera?: string
}

/** Debian's Chromium in a fresh profile (playwright-core never downloads a browser here). */
export async function openBrowser(
  viewport: { width: number; height: number } = phone,
  locale = 'zh-CN',
  options: BrowserOptions = {},
): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-chrome-'))
  const camera = options.fakeCamera
    ? [
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${options.fakeCamera}`,
      ]
    : []
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: [...flags, ...camera],
    ...(options.fakeCamera ? { permissions: ['camera'] } : {}),
    viewport,
    locale,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  })
  // Chromium offers installing the app; its banner (tested in tests/client/install-prompt)
  // would otherwise sit over buttons at the bottom of phone screens in unrelated tests
  await context.addInitScript(() => localStorage.setItem('forgeline-install-offered', 'e2e'))
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return {
    context,
    page,
    close: async () => {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
      if (errors.length > 0) throw new Error(`uncaught errors in the page: ${errors.join('; ')}`)
    },
  }
}

/**
 * Waits until the app has taken over a page the server rendered (public/start.js starts it once
 * the page has shown): before that, the page's links are plain links that load the next page
 * from the server. The app's language switch carries a test id, the server's link does not.
 */
export const appStarted = (page: Page) =>
  page.getByTestId('language-switch').first().waitFor({ state: 'attached' })

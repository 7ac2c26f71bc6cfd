import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  chromium,
  type Browser as PwBrowser,
  type BrowserContext,
  type Page,
} from 'playwright-core'

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
   * permission granted: the Scan tests. Without it the browser has no camera.
   */
  fakeCamera?: string
  /**
   * A Chromium of its own on a fresh profile directory: Chromium reports an app in a context of
   * the shared browser as not installable (`in-incognito`), so the install checks need one.
   */
  installable?: boolean
}

/** Debian's Chromium (playwright-core never downloads a browser here), with `extra` flags. */
const launchChromium = (extra: string[] = []) =>
  chromium.launch({ executablePath: chromePath, args: [...flags, ...extra] })

// One Chromium per test file (vitest runs each file in its own process), started on first use
// and closed after the file (tests/e2e/setup.ts): each `openBrowser` is a new context in it,
// as empty as a fresh profile (storage, caches, service workers, permissions, cookies). A
// Chromium per test cost 0.5-0.6 s to start and stop, 103 times in the suite.
let shared: Promise<PwBrowser> | undefined

/** The file's Chromium (contexts of it: `openBrowser` here, `openContext` in a11y.ts). */
export const sharedChromium = () => (shared ??= launchChromium())

/** Closes the file's Chromium, if one was started. */
export async function closeSharedChromium() {
  const browser = shared
  shared = undefined
  await (await browser?.catch(() => undefined))?.close()
}

/** A fresh browser context at a viewport (touch below 600 px) in a language. */
export async function openBrowser(
  viewport: { width: number; height: number } = phone,
  locale = 'zh-CN',
  options: BrowserOptions = {},
): Promise<Browser> {
  const phoneSized = viewport.width < 600
  const settings = {
    viewport,
    locale,
    deviceScaleFactor: 1,
    isMobile: phoneSized,
    hasTouch: phoneSized,
  }
  const profile = options.installable
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-chrome-'))
    : undefined
  // a fake camera is a flag of the whole browser: its own Chromium, closed with the context
  const own = options.fakeCamera
    ? await launchChromium([
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${options.fakeCamera}`,
      ])
    : undefined
  const context = profile
    ? await chromium.launchPersistentContext(profile, {
        executablePath: chromePath,
        args: flags,
        ...settings,
      })
    : await (own ?? (await sharedChromium())).newContext({
        ...(options.fakeCamera ? { permissions: ['camera'] } : {}),
        ...settings,
      })
  // Chromium offers installing the app; its banner (tested in tests/client/install-prompt)
  // would otherwise sit over buttons at the bottom of phone screens in unrelated tests
  // (not in the browser's own error page, "server not reachable": it has no storage)
  await context.addInitScript(() => {
    if (location.protocol.startsWith('http'))
      localStorage.setItem('forgeline-install-offered', 'e2e')
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  let closing = false
  // errors while the context closes (storage already gone) are the teardown's, not the app's
  page.on('pageerror', (e) => {
    if (!closing) errors.push(e.message)
  })
  return {
    context,
    page,
    close: async () => {
      closing = true
      // a route handler still awaiting an answer would reject once the context is gone
      await context.unrouteAll({ behavior: 'ignoreErrors' })
      await context.close()
      await own?.close()
      if (profile) fs.rmSync(profile, { recursive: true, force: true })
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

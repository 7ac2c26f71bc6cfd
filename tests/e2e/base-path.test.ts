import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowser, phone, type Browser } from './helpers/browser.ts'
import { root, startServer, type ServerHandle } from './helpers/server.ts'
import { signInAs } from './helpers/staff.ts'

/**
 * SPEC §9 public path: the app built and served with BASE_PATH=/Nst/ opens, installs
 * and works offline under /Nst/. Its build goes to its own folder (.tmp/dist-nst, rebuilt only
 * when the sources change: scripts/ensure-build.mjs), so the default build the other suites use
 * stays as it is.
 */
const base = '/Nst/'
const clientDir = path.join(root, '.tmp', 'dist-nst')

function buildForBase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/ensure-build.mjs'], {
      cwd: root,
      env: { ...process.env, BASE_PATH: base, CLIENT_DIR: clientDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`the /Nst/ build failed (${code}):\n${out.slice(-3000)}`)),
    )
  })
}

let server: ServerHandle | undefined
let origin = ''
let b: Browser | undefined

beforeAll(async () => {
  await buildForBase()
  server = await startServer({ BASE_PATH: base, CLIENT_DIR: clientDir })
  origin = server.baseURL
}, 900_000)
afterAll(async () => {
  await b?.close()
  await server?.stop()
})

describe('served under BASE_PATH=/Nst/', () => {
  it(
    'opens, installs and works offline under /Nst/; the client is not served outside it',
    { timeout: 240_000 },
    async () => {
      b = await openBrowser(phone, 'zh-CN', { installable: true })
      const { page, context } = b
      // every file the app asks this server for, apart from the server's own paths
      const asked: string[] = []
      page.on('request', (r) => {
        const u = new URL(r.url())
        if (u.origin === origin && !/^\/(api|uploads|ws)(\/|$)/.test(u.pathname))
          asked.push(u.pathname)
      })

      const first = await page.goto(`${origin}/Nst/index`)
      expect(first?.status()).toBe(200)
      await page.locator('.home-intro h1').waitFor()
      await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0)
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
      expect(scope).toBe(`${origin}/Nst/`)
      // the worker takes over on the next load
      await page.reload()
      await page.locator('.home-intro h1').waitFor()
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
        .toBe(`${origin}/Nst/sw.js`)
      await page.waitForLoadState('networkidle')

      // installable, with a manifest whose addresses are all under /Nst/
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[]
      }
      expect(installabilityErrors).toEqual([])
      const manifestHref = await page.locator('link[rel=manifest]').getAttribute('href')
      expect(manifestHref).toBe('/Nst/manifest.webmanifest')
      const manifest = (await (await fetch(`${origin}${manifestHref}`)).json()) as {
        id: string
        scope: string
        start_url: string
        icons: { src: string }[]
      }
      expect({ id: manifest.id, scope: manifest.scope, start_url: manifest.start_url }).toEqual({
        id: '/Nst/',
        scope: '/Nst/',
        start_url: '/Nst/index',
      })
      for (const icon of manifest.icons) {
        expect(icon.src.startsWith('/Nst/'), icon.src).toBe(true)
        expect((await fetch(`${origin}${icon.src}`)).status, icon.src).toBe(200)
      }

      // sign in: the login page and the way back are under /Nst/, and so is the staff page
      await signInAs(b, `${origin}/Nst`, '/admin/index')
      expect(new URL(page.url()).pathname).toBe('/Nst/admin/index')
      await page.getByTestId('dashboard-greeting').waitFor()
      // the worker keeps the staff code of this page (its files are under /Nst/)
      const split = JSON.parse(
        fs.readFileSync(path.join(clientDir, '.vite/staff-chunks.json'), 'utf8'),
      ) as { shell: string[]; routes: Record<string, string[]> }
      const dashboardFiles = [...split.shell, ...(split.routes['/admin/index'] ?? [])].map(
        (f) => `${base}${f}`,
      )
      const missingStaffFiles = () =>
        page.evaluate(async (want) => {
          const kept = (await (await caches.open('forgeline-staff')).keys()).map(
            (r) => new URL(r.url).pathname,
          )
          return want.filter((u) => !kept.includes(u))
        }, dashboardFiles)
      await expect.poll(missingStaffFiles, { timeout: 60_000 }).toEqual([])
      await page.waitForLoadState('networkidle')

      // every file of the app came from under /Nst/
      expect(asked.length).toBeGreaterThan(10)
      expect(asked.filter((p) => !p.startsWith(base))).toEqual([])

      // offline: the staff page and the public page still open after a reload
      await context.setOffline(true)
      // really offline: a request the worker does not answer fails
      const reachesServer = () =>
        page.evaluate(() =>
          fetch('/healthz', { cache: 'no-store' }).then(
            () => true,
            () => false,
          ),
        )
      await page.reload()
      await page.getByTestId('dashboard-greeting').waitFor()
      expect(await reachesServer()).toBe(false)
      await page.goto(`${origin}/Nst/index`)
      await page.locator('.home-intro h1').waitFor()
      await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0)
      await page.reload()
      await page.locator('.home-intro h1').waitFor()
      expect(await reachesServer()).toBe(false)
      await context.setOffline(false)

      // outside the base the client is not served: `/index` is 404, `/` goes to /Nst/
      const outside = await fetch(`${origin}/index`)
      expect(outside.status).toBe(404)
      expect((await fetch(`${origin}/assets/`, { redirect: 'manual' })).status).toBe(404)
      const rootPage = await fetch(`${origin}/`, { redirect: 'manual' })
      expect(rootPage.status).toBe(302)
      expect(rootPage.headers.get('location')).toBe('/Nst/')
      // the API stays at API_PREFIX
      expect((await fetch(`${origin}/api/CommonData/GetList`)).status).toBe(200)
    },
  )
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config'
import { parseBasePath } from '#shared/base-path'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * SPEC §9 public path: with BASE_PATH=/Nst/ the server serves the client, its
 * server-rendered pages, sitemap.xml and robots.txt under /Nst/ and every address they name
 * carries it; the API and the other server paths stay at the root; nothing else answers.
 */

/** A stand-in client build for `base`: the shell as vite writes it, a manifest, one asset. */
function fakeBuild(base: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-base-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.mkdirSync(path.join(dir, '.vite'))
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>\n<html lang="zh-CN">\n<head>\n<meta charset="UTF-8" />\n<title>shell</title>\n<link rel="manifest" href="${base}manifest.webmanifest">\n` +
      `<script type="module" crossorigin src="${base}assets/app-1.js"></script>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n`,
  )
  fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'console.log(1)\n')
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ scope: base }))
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      '_app-1.js': { file: 'assets/app-1.js' },
      'src/client/routes/_site.tsx?tsr-split=component': {
        file: 'assets/layout-1.js',
        css: ['assets/site-1.css'],
        imports: ['_app-1.js'],
      },
    }),
  )
  fs.writeFileSync(path.join(dir, '.vite', 'base-path'), `${base}\n`)
  return dir
}

describe('BASE_PATH setting', () => {
  it('defaults to / and adds missing slashes', () => {
    expect(loadConfig({}).basePath).toBe('/')
    expect(loadConfig({ BASE_PATH: '/' }).basePath).toBe('/')
    expect(loadConfig({ BASE_PATH: 'Nst' }).basePath).toBe('/Nst/')
    expect(loadConfig({ BASE_PATH: '/Nst' }).basePath).toBe('/Nst/')
    expect(loadConfig({ BASE_PATH: ' /a/b-c/ ' }).basePath).toBe('/a/b-c/')
  })

  it.each([
    ['/../', '. or ..'],
    ['/Nst/../x/', '. or ..'],
    ['/Nst?x=1', 'without ? or #'],
    ['/Nst#top', 'without ? or #'],
    ['//evil.example/', 'not a URL'],
    ['https://example.com/Nst/', 'not a URL'],
    ['/a//b/', 'empty parts'],
    ['/N st/', 'may only hold'],
    ['/Nst\\x/', 'not \\'],
  ])('refuses %s, saying why', (value, reason) => {
    let error: unknown
    try {
      loadConfig({ BASE_PATH: value })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message).toContain('Invalid configuration: BASE_PATH')
    expect((error as ConfigError).message).toContain(reason)
    expect(parseBasePath(value).ok).toBe(false)
  })
})

describe('served under BASE_PATH=/Nst/', () => {
  let t: TestApp
  let clientDir: string
  const host = 'forgeline.test'
  const get = (url: string) => t.app.inject({ url, headers: { host } })

  beforeAll(async () => {
    clientDir = fakeBuild('/Nst/')
    t = await createTestApp({ CLIENT_DIR: clientDir, BASE_PATH: '/Nst/' })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(clientDir, { recursive: true, force: true })
  })

  it('sitemap.xml is at /Nst/ and names every page under /Nst/', async () => {
    const res = await get('/Nst/sitemap.xml')
    expect(res.statusCode).toBe(200)
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    const hrefs = [...res.body.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!)
    expect(locs).toContain(`http://${host}/Nst/index?lang=zh`)
    expect(locs).toContain('http://forgeline.test/Nst/prodetail?id=1&amp;lang=en')
    for (const u of [...locs, ...hrefs]) expect(u.startsWith(`http://${host}/Nst/`), u).toBe(true)
  })

  it('robots.txt is at /Nst/: allows the base, keeps staff pages out, names the sitemap under /Nst/', async () => {
    const res = await get('/Nst/robots.txt')
    expect(res.statusCode).toBe(200)
    const lines = res.body.split('\n')
    expect(lines).toContain('Allow: /Nst/')
    expect(lines).toContain('Disallow: /api/')
    expect(lines).toContain('Disallow: /Nst/admin/')
    expect(lines).toContain('Disallow: /Nst/login')
    expect(lines).toContain(`Sitemap: http://${host}/Nst/sitemap.xml`)
  })

  it('a server-rendered page names its canonical, alternates, og:url, links and assets under /Nst/', async () => {
    const res = await get('/Nst/prodetail?id=1&lang=en')
    expect(res.statusCode).toBe(200)
    const html = res.body
    const attr = (re: RegExp) => re.exec(html)?.[1]
    expect(attr(/<link rel="canonical" href="([^"]+)"/)).toBe(
      `http://${host}/Nst/prodetail?id=1&amp;lang=en`,
    )
    expect(attr(/<link rel="alternate" hreflang="zh" href="([^"]+)"/)).toBe(
      `http://${host}/Nst/prodetail?id=1&amp;lang=zh`,
    )
    expect(attr(/<link rel="alternate" hreflang="x-default" href="([^"]+)"/)).toBe(
      `http://${host}/Nst/prodetail?id=1`,
    )
    expect(attr(/<meta property="og:url" content="([^"]+)"/)).toBe(
      `http://${host}/Nst/prodetail?id=1&amp;lang=en`,
    )
    expect(html).toContain(`"item":"http://${host}/Nst/index?lang=en"`)
    // every link and file of the page: under /Nst/, or an uploaded file (root), or another scheme
    const main = html.slice(html.indexOf('<div id="root">'))
    const urls = [...main.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!)
    expect(urls).toContain('/Nst/index?lang=en')
    expect(urls).toContain('/Nst/logo.svg')
    for (const u of urls)
      expect(/^(\/Nst\/|\/uploads\/|tel:|mailto:|https?:)/.test(u), u).toBe(true)
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/Nst/assets/site-1.css">')
    expect(html).toMatch(
      /<script defer src="\/Nst\/start\.js" data-entry="\/Nst\/assets\/app-1\.js" data-preload="[^"]*\/Nst\/assets\/layout-1\.js/,
    )
  })

  it('serves the build under /Nst/ and the app shell for its client routes', async () => {
    expect((await get('/Nst/assets/app-1.js')).statusCode).toBe(200)
    expect((await get('/Nst/manifest.webmanifest')).json()).toEqual({ scope: '/Nst/' })
    const login = await get('/Nst/login')
    expect(login.statusCode).toBe(200)
    expect(login.body).toContain('src="/Nst/assets/app-1.js"')
    expect((await get('/Nst/')).body).toContain('<div class="site">')
  })

  it('outside the base the client is not served: 404, or a redirect to /Nst/ for / and /Nst', async () => {
    for (const url of [
      '/index',
      '/login',
      '/assets/app-1.js',
      '/manifest.webmanifest',
      '/sitemap.xml',
      '/robots.txt',
      '/nst/index',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toMatchObject({ code: 404 })
    }
    expect((await get('/')).headers.location).toBe('/Nst/')
    expect((await get('/Nst')).statusCode).toBe(302)
    expect((await get('/Nst?lang=en')).headers.location).toBe('/Nst/?lang=en')
  })

  it('the API and the server paths stay at the root, never under the base', async () => {
    expect((await get('/api/CommonData/GetList')).statusCode).toBe(200)
    expect((await get('/healthz')).statusCode).toBe(200)
    for (const url of ['/Nst/api/CommonData/GetList', '/Nst/healthz', '/Nst/uploads/demo/x.webp']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
    }
    const post = await t.app.inject({ method: 'POST', url: '/Nst/api/User/Login', payload: {} })
    expect(post.statusCode).toBe(404)
  })
})

describe('WeChat sign-in under BASE_PATH=/Nst/', () => {
  let t: TestApp
  let clientDir: string
  beforeAll(async () => {
    clientDir = fakeBuild('/Nst/')
    t = await createTestApp({ CLIENT_DIR: clientDir, BASE_PATH: '/Nst/', WECHAT_STANDIN: 'true' })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(clientDir, { recursive: true, force: true })
  })

  it('the stand-in provider sends the browser back to /Nst/callback, and to nothing else', async () => {
    const ask = (callback: string) =>
      t.app.inject({
        url: `/wechat-standin/authorize?${new URLSearchParams({ redirect_uri: `http://forgeline.test${callback}`, state: 's1', pick: 'new' })}`,
        headers: { host: 'forgeline.test' },
      })
    const back = await ask('/Nst/callback')
    expect(back.statusCode).toBe(302)
    const to = new URL(back.headers.location as string)
    expect(to.pathname).toBe('/Nst/callback')
    expect(to.searchParams.get('state')).toBe('s1')
    const root = await ask('/callback')
    expect(root.statusCode).toBe(400)
    expect(root.body).toContain('/Nst/callback')
  })
})

describe('a build for another base', () => {
  it('stops the start, naming BASE_PATH and the base the build was made for', async () => {
    const dir = fakeBuild('/')
    try {
      await expect(createTestApp({ CLIENT_DIR: dir, BASE_PATH: '/Nst/' })).rejects.toThrow(
        /BASE_PATH is "\/Nst\/" but the web client in .* was built for "\/"/,
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

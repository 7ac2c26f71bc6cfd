// `npm run bench:web`: builds, starts the real server, and prints JSON figures for the
// public pages at a 390 px phone viewport: critical-path JS/CSS (gzip, what the page itself
// loads), the whole first visit (fresh profile, page + everything the service worker
// precaches, until the network has been quiet for 3 s), request counts, and Lighthouse 12
// mobile performance, LCP, TBT, CLS (median of 3 runs, Debian Chromium); and the same for the
// staff login page and the staff shell (login page + dashboard after signing in).
// Lighthouse also scores SEO (100 on /index, /products?sort=, /prodetail?id=), and
// autocannon measures requests/s of the server-rendered /prodetail?id= HTML next to its JSON read.
// BENCH_PAGES=/index,/news limits the pages; BENCH_LIGHTHOUSE=0 skips Lighthouse;
// BENCH_RPS_SECONDS (default 5) is the length of each requests/s run.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import autocannon from 'autocannon'
import lighthouse from 'lighthouse'
import { chromePath, openBrowser } from '../tests/e2e/helpers/browser.ts'
import { root, startServer } from '../tests/e2e/helpers/server.ts'

const publicPages = [
  '/index',
  '/aboutus',
  '/products',
  '/products?sort=',
  '/prodetail?id=',
  '/equipment',
  '/news',
  '/news/detail?id=',
  '/contactus',
]
const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : publicPages
const runs = Number(process.env.BENCH_RUNS ?? 3)
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0'
const quietMs = 3000
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const kb = (n: number) => Math.round((n / 1024) * 10) / 10

/** gzip size of a file of the build (its pre-compressed .gz, what the server sends). */
function gzipOf(u: string) {
  const file = path.join(root, 'dist', new URL(u).pathname)
  return fs.existsSync(`${file}.gz`)
    ? fs.statSync(`${file}.gz`).size
    : fs.existsSync(file)
      ? fs.statSync(file).size
      : 0
}
const isJsCss = (u: string) => /\.(m?js|css)$/.test(new URL(u).pathname)
const sumKB = (urls: Iterable<string>) =>
  kb([...new Set(urls)].filter(isJsCss).reduce((s, u) => s + gzipOf(u), 0))

/**
 * Bytes and requests of a first visit, from a fresh browser profile. `critical`: what the page
 * loads itself until the network is idle. `wholeVisit`: everything that crossed the network,
 * the service worker's precache included, until nothing has moved for 3 s. With `signIn`, the
 * visit starts on the login page and counts everything until the staff page after it settles.
 */
async function firstLoad(url: string, signIn?: { user: string; password: string; ready: string }) {
  const b = await openBrowser({ width: 390, height: 844 })
  const pageUrls: string[] = []
  const network: string[] = []
  let inFlight = 0
  let lastMove = Date.now()
  // context events include the service worker's requests (Chromium)
  b.context.on('request', () => {
    inFlight++
    lastMove = Date.now()
  })
  const settle = () => {
    inFlight--
    lastMove = Date.now()
  }
  b.context.on('requestfailed', settle)
  b.context.on('requestfinished', (req) => {
    settle()
    void req.response().then((res) => {
      if (res && !res.fromServiceWorker()) network.push(req.url())
    })
  })
  b.page.on('requestfinished', (req) => {
    if (['script', 'stylesheet'].includes(req.resourceType())) pageUrls.push(req.url())
  })
  try {
    await b.page.goto(url, { waitUntil: 'networkidle' })
    if (signIn) {
      await b.page.getByPlaceholder('用户名').fill(signIn.user)
      await b.page.getByPlaceholder('密码').fill(signIn.password)
      await b.page.getByRole('button', { name: '登录' }).click()
      await b.page.locator(signIn.ready).first().waitFor({ timeout: 30_000 })
      await b.page.waitForLoadState('networkidle')
    }
    const critical = [...pageUrls]
    const criticalRequests = network.length
    const deadline = Date.now() + 60_000
    while ((inFlight > 0 || Date.now() - lastMove < quietMs) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200))
    return {
      criticalJsCssGzipKB: sumKB(critical),
      criticalJsFiles: new Set(critical.filter((u) => new URL(u).pathname.endsWith('.js'))).size,
      criticalRequests,
      wholeVisitJsCssGzipKB: sumKB(network),
      wholeVisitRequests: network.length,
    }
  } finally {
    await b.close()
  }
}

/** Repeat visit with no connection after one online visit: ms until the page shows its content. */
async function offlineRepeatVisit(url: string, ready: string) {
  const b = await openBrowser({ width: 390, height: 844 })
  try {
    await b.page.goto(url, { waitUntil: 'networkidle' })
    await b.page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await b.page.reload({ waitUntil: 'networkidle' })
    await b.context.setOffline(true)
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const start = Date.now()
      await b.page.reload()
      await b.page.locator(ready).first().waitFor({ timeout: 15_000 })
      times.push(Date.now() - start)
    }
    return { medianMs: median(times), runsMs: times }
  } finally {
    await b.close()
  }
}

async function lighthouseRuns(url: string) {
  const results: { performance: number; seo: number; lcpMs: number; tbtMs: number; cls: number }[] =
    []
  // a run Lighthouse could not finish (runtimeError, e.g. a protocol timeout on a busy machine)
  // is repeated, at most twice in all, instead of counting as a score of 0
  let retries = 2
  for (let i = 0; i < runs; i++) {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-lh-'))
    const chrome = await chromeLauncher.launch({
      chromePath,
      userDataDir,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    try {
      const r = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo'],
        formFactor: 'mobile',
        screenEmulation: {
          mobile: true,
          width: 390,
          height: 844,
          deviceScaleFactor: 2,
          disabled: false,
        },
      })
      const lhr = r!.lhr
      if (lhr.runtimeError && retries-- > 0) {
        console.error(`Lighthouse run failed (${lhr.runtimeError.code}), repeating it`)
        i--
        continue
      }
      results.push({
        performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo!.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']!.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']!.numericValue ?? 0),
        cls: Math.round((lhr.audits['cumulative-layout-shift']!.numericValue ?? 0) * 1000) / 1000,
      })
    } finally {
      chrome.kill()
      fs.rmSync(userDataDir, { recursive: true, force: true })
    }
  }
  return {
    performance: median(results.map((r) => r.performance)),
    seo: median(results.map((r) => r.seo)),
    lcpMs: median(results.map((r) => r.lcpMs)),
    tbtMs: median(results.map((r) => r.tbtMs)),
    cls: median(results.map((r) => r.cls)),
    runs: results,
  }
}

type LoadReport = { criticalJsCssGzipKB: number; wholeVisitJsCssGzipKB: number }
type PageReport = {
  firstLoad?: LoadReport
  lighthouseMobile?: { performance: number; seo: number; lcpMs: number; cls: number }
}

/** The first-load targets: every public page, the whole first visit to /index, the staff figures. */
function targetsMet(report: Record<string, unknown>) {
  const met: Record<string, boolean> = {}
  for (const p of pages) {
    const r = report[p] as PageReport
    met[`${p} critical JS+CSS <= 130 KB`] = (r.firstLoad?.criticalJsCssGzipKB ?? Infinity) <= 130
    if (p === '/index')
      met[`${p} whole first visit <= 200 KB`] =
        (r.firstLoad?.wholeVisitJsCssGzipKB ?? Infinity) <= 200
    if (!withLighthouse) continue
    met[`${p} performance >= 95`] = (r.lighthouseMobile?.performance ?? 0) >= 95
    met[`${p} LCP <= 2.0 s`] = (r.lighthouseMobile?.lcpMs ?? Infinity) <= 2000
    met[`${p} CLS <= 0.02`] = (r.lighthouseMobile?.cls ?? Infinity) <= 0.02
    if (['/index', '/products?sort=', '/prodetail?id='].includes(p))
      met[`${p} SEO = 100`] = (r.lighthouseMobile?.seo ?? 0) === 100
  }
  const login = report['/login'] as PageReport
  const shell = report['/login -> /admin/index'] as PageReport
  met['/login critical JS+CSS <= 150 KB'] =
    (login.firstLoad?.criticalJsCssGzipKB ?? Infinity) <= 150
  met['staff shell critical JS+CSS <= 250 KB'] =
    (shell.firstLoad?.criticalJsCssGzipKB ?? Infinity) <= 250
  return met
}

/**
 * Requests/s of the server-rendered product page (HTML, rendering cache warm) next to the JSON
 * read of the same product, 8 connections each, one after the other.
 */
async function htmlVsJson(baseURL: string, id: number) {
  const seconds = Number(process.env.BENCH_RPS_SECONDS ?? 5)
  const run = async (p: string, headers: Record<string, string> = {}) => {
    await fetch(`${baseURL}${p}`, { headers })
    const r = await autocannon({
      url: `${baseURL}${p}`,
      connections: 8,
      duration: seconds,
      headers,
    })
    return {
      path: p,
      requestsPerSecond: Math.round(r.requests.average),
      p99Ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    }
  }
  return {
    seconds,
    html: await run(`/prodetail?id=${id}`, { 'accept-language': 'en-GB,en;q=0.9' }),
    json: await run(`/api/CommonData/Get?id=${id}`),
  }
}

/** Real ids for the pages that take one: the first category, product and news item. */
async function withIds(baseURL: string, p: string) {
  const first = async (api: string) =>
    (
      (await (await fetch(`${baseURL}/api/${api}`)).json()) as {
        data: { result: { Id: number }[] }
      }
    ).data.result[0]!.Id
  if (p === '/products?sort=') return `${p}${await first('CommonData/GetList')}`
  if (p === '/prodetail?id=') return `${p}${await first('CommonData/GetProductList?pageSize=1')}`
  if (p === '/news/detail?id=') return `${p}${await first('News/GetList?pageSize=1')}`
  return p
}

const server = await startServer()
try {
  const report: Record<string, unknown> = {}
  for (const p of pages) {
    const url = `${server.baseURL}${await withIds(server.baseURL, p)}`
    report[p] = {
      url: url.slice(server.baseURL.length),
      firstLoad: await firstLoad(url),
      ...(withLighthouse ? { lighthouseMobile: await lighthouseRuns(url) } : {}),
      ...(p === '/index'
        ? { offlineRepeatVisit: await offlineRepeatVisit(url, '.category-grid li') }
        : {}),
    }
  }
  // the staff login page, then the shell: login page + dashboard after signing in (phone width)
  const login = `${server.baseURL}/login?redirect=/admin/index`
  report['/login'] = {
    firstLoad: await firstLoad(login),
    ...(withLighthouse ? { lighthouseMobile: await lighthouseRuns(login) } : {}),
  }
  report['/login -> /admin/index'] = {
    firstLoad: await firstLoad(login, {
      user: 'admin',
      password: 'e2e-admin-pass',
      ready: '[data-testid=dashboard-greeting]',
    }),
  }
  const productId = Number((await withIds(server.baseURL, '/prodetail?id=')).split('=')[1])
  report['/prodetail?id= HTML vs JSON'] = await htmlVsJson(server.baseURL, productId)
  const out = {
    date: new Date().toISOString(),
    viewport: '390x844',
    chromium: chromePath,
    targets: targetsMet(report),
    pages: report,
  }
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true })
  fs.writeFileSync(path.join(root, 'bench-results', 'web.json'), JSON.stringify(out, null, 2))
  console.log(JSON.stringify(out, null, 2))
} finally {
  await server.stop()
}

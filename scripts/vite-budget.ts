import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import {
  closure,
  routePath,
  type ChunkGraph,
  type ChunkNode,
  type StaffManifest,
} from './vite-chunk-graph.ts'

/** KB gzip of JS+CSS: the targets (the printout says which are met). */
export const budgets = {
  publicPage: 130,
  wholeFirstVisit: 200,
  loginPage: 150,
  staffShell: 250,
  orderGridAdds: 120,
} as const

/**
 * Regression ceilings, KB gzip: a build over one of these fails (`npm run build`, and
 * tests/server/build-budget.test.ts). Lower a ceiling when its figure drops; never raise one: a
 * feature that needs room is paid for by trimming (code loaded on first use, texts in the catalog
 * of the screen that shows them, chunks that carry only what a page needs).
 */
export const ceilings = {
  /** first load of each public page */
  publicPages: {
    '/index': 126.6,
    '/aboutus': 127.4,
    '/products': 127.9,
    '/prodetail': 130,
    '/equipment': 128.8,
    '/news': 126.8,
    '/news/detail': 129.7,
    '/contactus': 130.5,
  } as Record<string, number>,
  /** a visitor's first load plus the worker and everything it precaches */
  wholeFirstVisit: 169.8,
  /** login page first load */
  loginPage: 147.3,
  /** staff shell first load: login page, sign-in code, staff layout and guard, dashboard */
  staffShell: 250,
  /**
   * what opening the order grid adds to the staff shell (the order rows' contract comes with the
   * grid: the dashboard reads its counts without it)
   */
  orderGridAdds: 49.5,
}

export type Ceilings = typeof ceilings

/** The public pages of the site; `/products?sort=` and `/prodetail?id=` load what these load. */
export const publicPages = [
  '/index',
  '/aboutus',
  '/products',
  '/prodetail',
  '/equipment',
  '/news',
  '/news/detail',
  '/contactus',
]

export type BudgetReport = {
  /** first load of each public page: HTML's scripts and styles, layout, page, zh site catalog */
  publicPages: Record<string, number>
  /** a visitor's first visit: the first load plus the worker and everything it precaches */
  wholeFirstVisit: number
  /** every precached file (HTML, icons, images included), gzip where the server sends gzip */
  precacheAll: number
  precacheFiles: number
  loginPage: number
  /** login page, sign-in code, staff layout and guard, dashboard */
  staffShell: number
  /** what opening the order grid adds to the staff shell */
  orderGridAdds: number
  /** what a signed-in user's worker keeps for offline use (shell + every page) */
  staffOffline: number
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10
const jsCss = (f: string) => /\.(m?js|css)$/.test(f)

/** gzip size of a dist file: its pre-compressed .gz when there is one (what the server sends). */
function gzipSize(outDir: string, file: string): number {
  const full = path.join(outDir, file)
  if (fs.existsSync(`${full}.gz`)) return fs.statSync(`${full}.gz`).size
  if (!fs.existsSync(full)) return 0
  const data = fs.readFileSync(full)
  return /\.(png|webp|jpe?g|woff2)$/.test(file)
    ? data.length
    : zlib.gzipSync(data, { level: 9 }).length
}

/** Script and style files the HTML shell loads (relative to dist, under `base`); `nomodule` ones are skipped. */
export function htmlAssets(html: string, base = '/'): string[] {
  const out: string[] = []
  for (const m of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const url = /\s(?:src|href)="([^"]+)"/.exec(m[0])?.[1]
    const src = url?.startsWith(base) ? url.slice(base.length) : undefined
    if (src && jsCss(src) && !/\snomodule\b/.test(m[0])) out.push(src)
  }
  return out
}

/** The worker's precache list and the scripts it imports, read from the generated sw.js. */
export function workerFiles(sw: string): { precache: string[]; scripts: string[] } {
  const precache = [...new Set([...sw.matchAll(/\burl:"([^"]+)"/g)].map((m) => m[1]!))]
  const scripts = ['sw.js']
  for (const m of sw.matchAll(/define\(\["\.\/([^"]+)"\]/g)) scripts.push(`${m[1]}.js`)
  for (const m of sw.matchAll(/importScripts\(([^)]*)\)/g))
    for (const s of m[1]!.matchAll(/"([^"]+)"/g)) scripts.push(s[1]!.replace(/^\.?\//, ''))
  return { precache, scripts: [...new Set(scripts)] }
}

export function budgetReport(o: {
  outDir: string
  base?: string
  graph: ChunkGraph
  publicFiles: Set<string>
  staff: StaffManifest
}): BudgetReport {
  const { outDir, graph } = o
  const size = (files: Iterable<string>) =>
    kb([...files].filter(jsCss).reduce((s, f) => s + gzipSize(outDir, f), 0))
  const nodes = [...graph.values()]
  const find = (test: (n: ChunkNode) => boolean) => nodes.filter(test).map((n) => n.file)
  const page = (p: string, area: string) =>
    find((n) => !!n.facade && n.facade.includes(`/routes/${area}`) && routePath(n.facade) === p)
  const facade = (suffix: string) => find((n) => !!n.facade?.endsWith(suffix))
  const html = htmlAssets(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), o.base)
  const entry = [...html, ...find((n) => n.isEntry)]
  const load = (...roots: string[][]) => closure(graph, roots.flat())

  // a server-rendered public page starts the app through public/start.js (seo/page-assets.ts)
  const siteStart = [
    ...entry,
    'start.js',
    ...facade('/routes/_site.tsx'),
    ...facade('/locales/zh/site.po'),
  ]
  const pages: Record<string, number> = {}
  for (const p of publicPages) pages[p] = size(load(siteStart, page(p, '_site')))

  const sw = fs.readFileSync(path.join(outDir, 'sw.js'), 'utf8')
  const worker = workerFiles(sw)
  const firstVisit = new Set([
    ...load(siteStart, page('/index', '_site')),
    ...worker.precache,
    ...worker.scripts,
  ])
  const precacheAll = kb(worker.precache.reduce((s, f) => s + gzipSize(outDir, f), 0))

  const start = load(entry)
  // every start loads the public catalog too (main.tsx startWithSiteCatalog): its texts are shared
  const login = load(
    entry,
    page('/login', ''),
    facade('/locales/zh/messages.po'),
    facade('/locales/zh/site.po'),
  )
  // what the login page loads when the form is sent (the RSA code)
  const signIn = [...login]
    .filter((f) => !start.has(f))
    .flatMap((f) => graph.get(f)?.dynamicImports ?? [])
  const shell = new Set([
    ...login,
    ...load(
      signIn,
      facade('/routes/_staff.tsx'),
      facade('/app/staff-guard.ts'),
      page('/admin/index', '_staff'),
    ),
  ])
  const grid = [...load(page('/order/order', '_staff'))].filter((f) => !shell.has(f))
  const offline = new Set([...o.staff.shell, ...Object.values(o.staff.routes).flat()])

  return {
    publicPages: pages,
    wholeFirstVisit: size(firstVisit),
    precacheAll,
    precacheFiles: worker.precache.length,
    loginPage: size(login),
    staffShell: size(shell),
    orderGridAdds: size(grid),
    staffOffline: size(offline),
  }
}

type Figure = { name: string; value: number; ceiling: number; target: number }

/** Each budgeted figure with its regression ceiling and its target. */
export function figures(r: BudgetReport, c: Ceilings = ceilings): Figure[] {
  return [
    ...Object.entries(r.publicPages).map(([p, value]) => ({
      name: `public page ${p}`,
      value,
      ceiling: c.publicPages[p] ?? budgets.publicPage,
      target: budgets.publicPage,
    })),
    {
      name: "visitor's whole first visit",
      value: r.wholeFirstVisit,
      ceiling: c.wholeFirstVisit,
      target: budgets.wholeFirstVisit,
    },
    { name: 'login page', value: r.loginPage, ceiling: c.loginPage, target: budgets.loginPage },
    { name: 'staff shell', value: r.staffShell, ceiling: c.staffShell, target: budgets.staffShell },
    {
      name: 'order grid adds',
      value: r.orderGridAdds,
      ceiling: c.orderGridAdds,
      target: budgets.orderGridAdds,
    },
  ]
}

/** The figures over their regression ceiling, one line each (a page without a ceiling gets the target). */
export function checkBudgets(r: BudgetReport, c: Ceilings = ceilings): string[] {
  return figures(r, c)
    .filter((f) => f.value > f.ceiling)
    .map((f) => `${f.name}: ${f.value} KB > ceiling ${f.ceiling} KB`)
}

/** What fails a build over a ceiling: one line per figure over its ceiling, or undefined. */
export function budgetFailure(r: BudgetReport, c: Ceilings = ceilings): string | undefined {
  const over = checkBudgets(r, c)
  if (over.length === 0) return undefined
  return [
    'Build budget exceeded (scripts/vite-budget.ts): trim what these load, do not raise the ceilings.',
    ...over.map((line) => `  ${line}`),
  ].join('\n')
}

/** The figures that do not meet their target yet. */
export function targetsNotMet(r: BudgetReport, c: Ceilings = ceilings): string[] {
  return figures(r, c)
    .filter((f) => f.value > f.target)
    .map((f) => `${f.name}: ${f.value} KB > target ${f.target} KB`)
}

export function printBudgets(r: BudgetReport, c: Ceilings = ceilings) {
  const byName = new Map(figures(r, c).map((f) => [f.name, f]))
  const row = (name: string, v: number, key?: string) => {
    const f = key ? byName.get(key) : undefined
    const tail = f
      ? `  ceiling ${f.ceiling} KB, target ${f.target} KB: ${f.value <= f.target ? 'target met' : 'target NOT met'}`
      : ''
    return `  ${name.padEnd(34)} ${`${v} KB`.padStart(10)}${tail}`
  }
  console.log(
    [
      'JS+CSS gzip, from the build output (ceiling: the build fails above it; target: the goal):',
      ...Object.entries(r.publicPages).map(([p, v]) =>
        row(`first load ${p}`, v, `public page ${p}`),
      ),
      row("visitor's whole first visit", r.wholeFirstVisit, "visitor's whole first visit"),
      row(`precache, all ${r.precacheFiles} files`, r.precacheAll),
      row('login page first load', r.loginPage, 'login page'),
      row('staff shell first load', r.staffShell, 'staff shell'),
      row('order grid adds', r.orderGridAdds, 'order grid adds'),
      row('staff offline cache (signed in)', r.staffOffline),
    ].join('\n'),
  )
}

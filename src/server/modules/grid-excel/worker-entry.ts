import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(import.meta.url)
const ext = path.extname(here)
const source = path.join(path.dirname(here), `parse-worker${ext}`)

let compiled: Promise<string> | undefined

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
    const pid = Number(/^parse-worker-(\d+)\.mjs$/.exec(name)?.[1])
    if (pid && !alive(pid)) fs.rmSync(path.join(dir, name), { force: true })
  }
}

/**
 * The file a parse worker process runs. In the compiled server it is dist-server/parse-worker.js,
 * beside main.js (scripts/build-server.mjs bundles it). From TypeScript sources (tsx, tests) the
 * worker's entry is compiled once per server process with esbuild into the checkout's .tmp/
 * (where its packages resolve) and removed at exit (or by the next compile, after a kill), so that each parse starts plain JavaScript
 * as in production instead of a TypeScript loader.
 */
export function workerEntry(): Promise<string> {
  if (ext !== '.ts') return Promise.resolve(source)
  compiled ??= (async () => {
    const root = path.resolve(path.dirname(here), '../../../..')
    const out = path.join(root, '.tmp', `parse-worker-${process.pid}.mjs`)
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
  return compiled
}

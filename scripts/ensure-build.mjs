// Builds what is missing or older than its sources, so `npm start` works on a fresh clone
// and restarts stay fast: the web client (dist/, vite) and the compiled server
// (dist-server/main.js, scripts/build-server.mjs). Prints nothing when both are current.
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const clientScripts = fs
  .readdirSync(path.join(root, 'scripts'))
  .filter((f) => /^(vite-|pwa-).*\.ts$/.test(f))
  .map((f) => `scripts/${f}`)

function* files(p) {
  const full = path.join(root, p)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isFile()) return yield p
  for (const entry of fs.readdirSync(full).sort()) {
    if (entry === 'routeTree.gen.ts') continue
    yield* files(path.join(p, entry))
  }
}

function stampOf(inputs) {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const f of files(input)) {
      hash.update(f)
      hash.update(fs.readFileSync(path.join(root, f)))
    }
  }
  return hash.digest('hex')
}

/** Runs `make` when `output` is missing or `stampFile` does not match the inputs' hash. */
async function ensure({ inputs, stampFile, output, make }) {
  const stamp = stampOf(inputs)
  const current = fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp
  if (current && fs.existsSync(output)) return
  await make()
  fs.writeFileSync(stampFile, stamp)
}

await ensure({
  inputs: ['src/client', 'src/shared', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', ...clientScripts],
  stampFile: path.join(root, 'dist', '.build-stamp'),
  output: path.join(root, 'dist', 'index.html'),
  make() {
    console.log('Building the web client…')
    const r = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    })
    if (r.status !== 0) process.exit(r.status ?? 1)
  },
})

await ensure({
  inputs: ['src/server', 'src/shared', 'package.json', 'package-lock.json', 'scripts/build-server.mjs'],
  stampFile: path.join(root, 'dist-server', '.build-stamp'),
  output: path.join(root, 'dist-server', 'main.js'),
  async make() {
    console.log('Compiling the server…')
    const { buildServer } = await import('./build-server.mjs')
    await buildServer()
  },
})

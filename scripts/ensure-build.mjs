// Builds the web client when dist/ is missing or older than its sources, so `npm start`
// works on a fresh clone and restarts stay fast. Prints nothing when the build is current.
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const inputs = ['src/client', 'src/shared', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json',
  ...fs.readdirSync(path.join(root, 'scripts')).filter((f) => /^(vite-|pwa-).*\.ts$/.test(f)).map((f) => `scripts/${f}`)]
const stampFile = path.join(root, 'dist', '.build-stamp')

function* files(p) {
  const full = path.join(root, p)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isFile()) return yield p
  for (const entry of fs.readdirSync(full).sort()) {
    if (entry === 'routeTree.gen.ts') continue
    yield* files(path.join(p, entry))
  }
}

const hash = createHash('sha256')
for (const input of inputs) {
  for (const f of files(input)) {
    hash.update(f)
    hash.update(fs.readFileSync(path.join(root, f)))
  }
}
const stamp = hash.digest('hex')
const current = fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp
if (!current || !fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('Building the web client…')
  const r = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
  fs.writeFileSync(stampFile, stamp)
}

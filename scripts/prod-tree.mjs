// A production install of this checkout in another folder, as `npm ci --omit=dev` plus a
// prebuilt client and server would make it (tests/server/production-install.test.ts):
// the tracked files (git ls-files), the built dist/ and dist-server/, and in node_modules only
// the package-lock.json entries `npm ci --omit=dev` installs (every entry without `"dev": true`;
// optional ones for other platforms are absent). Files are hard links into this checkout's
// node_modules, so it takes a second or two and no registry. Usage: node scripts/prod-tree.mjs <dir>
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

/** Hard-links (or copies, across devices) the files under `from` into `to`, leaving out `skip` folder names. */
function link(from, to, skip = new Set()) {
  fs.mkdirSync(to, { recursive: true })
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    if (skip.has(e.name)) continue
    const a = path.join(from, e.name)
    const b = path.join(to, e.name)
    if (e.isDirectory()) link(a, b, new Set())
    else if (e.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(a), b)
    else {
      try {
        fs.linkSync(a, b)
      } catch {
        fs.copyFileSync(a, b)
      }
    }
  }
}

export function productionTree(dir) {
  const modules = fs.realpathSync(path.join(root, 'node_modules'))
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'))
  fs.mkdirSync(dir, { recursive: true })
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean)
  for (const f of tracked) {
    if (!fs.existsSync(path.join(root, f))) continue
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true })
    fs.copyFileSync(path.join(root, f), path.join(dir, f))
  }
  for (const built of ['dist', 'dist-server']) {
    if (!fs.existsSync(path.join(root, built)))
      throw new Error(`${built}/ is missing: build first (npm run build)`)
    link(path.join(root, built), path.join(dir, built))
  }
  const installed = []
  const missing = []
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '' || entry.dev || entry.link) continue
    const from = path.join(modules, key.slice('node_modules/'.length))
    if (!fs.existsSync(from)) {
      if (!entry.optional) missing.push(key)
      continue
    }
    // nested node_modules are entries of their own
    link(from, path.join(dir, key), new Set(['node_modules']))
    installed.push(key)
  }
  if (missing.length > 0) throw new Error(`not installed here: ${missing.join(', ')}`)
  return { installed, files: tracked.length }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('Usage: node scripts/prod-tree.mjs <dir>')
    process.exit(2)
  }
  const { installed, files } = productionTree(path.resolve(dir))
  console.log(
    `${dir}: ${files} tracked files, dist/, dist-server/ and ${installed.length} production packages`,
  )
}

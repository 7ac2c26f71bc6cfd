// A release tarball (scripts/release.mjs) holds native addons built for one platform and one
// Node major (its release.json says which). Run before anything loads them, by scripts/start.mjs
// and scripts/server-cli.mjs: on another Node major or platform, one clear line and exit 1
// instead of better-sqlite3's "was compiled against a different Node.js version" stack.
// In a checkout (no release.json) it does nothing.
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

/** What this Node and machine are, in release.json's terms. */
export function runtime() {
  const glibc = process.report?.getReport?.().header?.glibcVersionRuntime
  return {
    platform: process.platform,
    arch: process.arch,
    libc: glibc ? 'glibc' : 'musl',
    nodeMajor: Number(process.versions.node.split('.')[0]),
    modules: process.versions.modules,
  }
}

/** The reason this release cannot run here, or null. */
export function releaseMismatch(release, here = runtime()) {
  if (
    release.platform !== here.platform ||
    release.arch !== here.arch ||
    release.libc !== here.libc
  )
    return `This release of Forgeline is built for ${release.platform}-${release.arch} (${release.libc}); this machine is ${here.platform}-${here.arch} (${here.libc}).`
  if (release.nodeMajor !== here.nodeMajor || release.modules !== here.modules)
    return `This release of Forgeline is built for Node ${release.nodeMajor} (module ABI ${release.modules}); this is Node ${process.versions.node} (ABI ${here.modules}). Install Node ${release.nodeMajor}.x, or use a release built with this Node.`
  return null
}

export function checkRelease() {
  const file = path.join(root, 'release.json')
  if (!fs.existsSync(file)) return
  const why = releaseMismatch(JSON.parse(fs.readFileSync(file, 'utf8')))
  if (why) {
    console.error(why)
    process.exit(1)
  }
}

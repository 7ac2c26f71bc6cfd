// `npm run release`: forgeline-VERSION-linux-x64.tar.gz and its .sha256 in release/ (or --out
// DIR). Inside, ready to run with only `node` (docs/operations.md "Install"): the built web client
// (dist/) and server (dist-server/) with their build stamps, the files the server reads at run
// time (package.json, seed pictures, locales, deploy/, docs/), and node_modules with exactly the
// production packages of package-lock.json, copied from this checkout's node_modules: their
// native parts (better-sqlite3, sharp's libvips) are the ones built or fetched here, for
// linux-x64 glibc and this Node major, so the server never runs an install script, a compiler or
// a download. release.json records the Node major and platform; scripts/release-check.mjs
// refuses another one at start. Usage: node scripts/release.mjs [--out DIR]
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuild } from './ensure-build.mjs'
import { productionTree } from './prod-tree.mjs'
import { runtime } from './release-check.mjs'

const root = path.resolve(import.meta.dirname, '..')

/** Build-only parts of native packages: sources, object files, static libraries. */
const buildLeftovers = [
  'node_modules/better-sqlite3/deps',
  'node_modules/better-sqlite3/src',
  'node_modules/better-sqlite3/build/Release/obj',
  'node_modules/better-sqlite3/build/Release/obj.target',
  'node_modules/better-sqlite3/build/Release/.deps',
  'node_modules/better-sqlite3/build/Release/sqlite3.a',
  'node_modules/better-sqlite3/build/Release/test_extension.node',
  'node_modules/better-sqlite3/build/deps',
]

export async function makeRelease(outDir = path.join(root, 'release'), say = console.log) {
  const here = runtime()
  if (here.platform !== 'linux' || here.arch !== 'x64' || here.libc !== 'glibc')
    throw new Error(
      `A linux-x64 release is made on linux-x64 with glibc (this is ${here.platform}-${here.arch}, ${here.libc})`,
    )
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  const name = `forgeline-${version}-linux-x64.tar.gz`
  await ensureBuild()
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-release-'))
  try {
    say(`Collecting the release in ${stage}…`)
    const { installed } = productionTree(stage)
    fs.rmSync(path.join(stage, 'tests'), { recursive: true, force: true })
    for (const p of buildLeftovers) fs.rmSync(path.join(stage, p), { recursive: true, force: true })
    const addon = path.join(stage, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')
    if (!fs.existsSync(addon))
      throw new Error(`${addon} is missing: npm ci did not build better-sqlite3`)
    let commit = 'unknown'
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
    } catch {
      // not a git checkout
    }
    const release = {
      name: 'forgeline',
      version,
      commit,
      builtAt: new Date().toISOString(),
      node: process.versions.node,
      ...here,
      packages: installed.length,
    }
    fs.writeFileSync(path.join(stage, 'release.json'), `${JSON.stringify(release, null, 2)}\n`)
    // the archive's top entry carries this mode onto the folder it is unpacked into: a temp
    // folder is 0700, and the service user could not read its own code
    fs.chmodSync(stage, 0o755)
    fs.mkdirSync(outDir, { recursive: true })
    const tarball = path.join(outDir, name)
    fs.rmSync(tarball, { force: true })
    say(`Packing ${tarball}…`)
    execFileSync(
      'tar',
      [
        '-czf',
        tarball,
        '--owner=0',
        '--group=0',
        '--numeric-owner',
        '--sort=name',
        '-C',
        stage,
        '.',
      ],
      { stdio: 'inherit' },
    )
    const hash = createHash('sha256').update(fs.readFileSync(tarball)).digest('hex')
    // `sha256sum -c forgeline-….tar.gz.sha256` in the folder of both checks it
    fs.writeFileSync(`${tarball}.sha256`, `${hash}  ${name}\n`)
    const mb = (fs.statSync(tarball).size / 1024 / 1024).toFixed(1)
    say(
      `${tarball} (${mb} MB, ${installed.length} production packages, Node ${here.nodeMajor} ${here.platform}-${here.arch} ${here.libc})`,
    )
    say(`${tarball}.sha256: ${hash}`)
    return { tarball, sha256: hash, version }
  } finally {
    fs.rmSync(stage, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } })
  await makeRelease(values.out ? path.resolve(values.out) : undefined)
}

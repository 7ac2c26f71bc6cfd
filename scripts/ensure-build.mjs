// Builds what is missing or older than its sources, so `npm start` works on a fresh clone
// and restarts stay fast: the web client (dist/, scripts/build-client.mjs, which shows its
// progress) and the compiled server (dist-server/main.js, scripts/build-server.mjs). Prints
// nothing when both are current. Run directly (`node scripts/ensure-build.mjs`) or imported
// by scripts/start.mjs; SIGTERM/SIGINT during a build stop the build and exit.
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const clientScripts = fs
  .readdirSync(path.join(root, 'scripts'))
  .filter(
    (f) => /^(vite-|pwa-).*\.ts$/.test(f) || f === 'build-client.mjs' || f === 'build-progress.mjs',
  )
  .map((f) => `scripts/${f}`)

function* files(p) {
  const full = path.join(root, p)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isFile()) return yield p
  for (const entry of fs.readdirSync(full).sort()) {
    if (entry === 'routeTree.gen.ts') continue
    // the compiled catalogs (lingui compile writes locales/*/*.ts during the build): outputs, not
    // sources, and absent from a checkout, so a copied tree with dist/ still matches its stamp
    if (p.startsWith('locales') && entry.endsWith('.ts')) continue
    yield* files(path.join(p, entry))
  }
}

function stampOf(inputs, settings = '') {
  const hash = createHash('sha256')
  hash.update(settings)
  for (const input of inputs) {
    for (const f of files(input)) {
      hash.update(f)
      hash.update(fs.readFileSync(path.join(root, f)))
    }
  }
  return hash.digest('hex')
}

/**
 * A production install (`npm ci --omit=dev`, docs/operations.md) has no build tools: a build
 * that does not match its sources there is a clear message, not a missing-module stack.
 */
function requireBuildTools(what, tool) {
  try {
    createRequire(import.meta.url).resolve(`${tool}/package.json`)
  } catch {
    console.error(
      `${what} does not match these sources, and the build tools (dev dependencies) are not installed.\n` +
        'Build where they are (npm ci && npm run build) and copy dist/ and dist-server/ here, or install them with npm ci.',
    )
    process.exit(1)
  }
}

/** Runs `make` when `output` is missing or `stampFile` does not match the inputs' hash. */
async function ensure({ inputs, settings, stampFile, output, make, what, tool }) {
  const stamp = stampOf(inputs, settings)
  const current = fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp
  if (current && fs.existsSync(output)) return
  requireBuildTools(what, tool)
  await make()
  fs.writeFileSync(stampFile, stamp)
}

/**
 * Runs a child node script. A signal to this process (SIGTERM from npm, or Ctrl-C, which the
 * terminal sends to the child too) stops the child, then this process exits.
 */
function runChild(script) {
  return new Promise((resolve, reject) => {
    // always a production build, also when a test runner (NODE_ENV=test) asks for it: vite
    // would otherwise build unminified development bundles into dist
    const child = spawn(process.execPath, [script], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    let stoppedBy
    const stop = (signal) => {
      stoppedBy ??= signal
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    }
    process.on('SIGTERM', stop)
    process.on('SIGINT', stop)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', stop)
      process.off('SIGINT', stop)
      if (code === 0 && !stoppedBy) return resolve()
      const by = stoppedBy ?? signal
      process.exit(by ? (by === 'SIGINT' ? 130 : 143) : (code ?? 1))
    })
  })
}

/** BASE_PATH as the build sees it; the default (unset or `/`) adds nothing to the stamp. */
function basePathSetting() {
  const value = (process.env.BASE_PATH ?? '').trim()
  return value === '' || value === '/' ? '' : `BASE_PATH=${value}`
}

/** Compiles the server (dist-server/, scripts/build-server.mjs) when missing or stale; `say` tells what happens. */
export async function ensureServerBuild(say = console.log) {
  await ensure(serverBuild(say))
}

function serverBuild(say) {
  return {
    inputs: [
      'src/server',
      'src/shared',
      'package.json',
      'package-lock.json',
      'scripts/build-server.mjs',
    ],
    stampFile: path.join(root, 'dist-server', '.build-stamp'),
    output: path.join(root, 'dist-server', 'main.js'),
    what: 'The compiled server in dist-server/',
    tool: 'esbuild',
    async make() {
      say('Compiling the server…')
      const { buildServer } = await import('./build-server.mjs')
      await buildServer()
    },
  }
}

/** What the web client is built from and where (CLIENT_DIR, default dist, for BASE_PATH). */
function clientBuild() {
  // the client is built into CLIENT_DIR (the folder the server serves, default dist) for
  // BASE_PATH (vite `base`): a change of either builds again
  const clientDir = path.resolve(root, process.env.CLIENT_DIR?.trim() || 'dist')
  return {
    inputs: [
      'src/client',
      'src/shared',
      'locales',
      'public',
      'index.html',
      'vite.config.ts',
      'package-lock.json',
      // the personal centre shows package.json's version
      'package.json',
      ...clientScripts,
    ],
    settings: basePathSetting(),
    stampFile: path.join(clientDir, '.build-stamp'),
    output: path.join(clientDir, 'index.html'),
    what: `The built web client in ${path.relative(root, clientDir) || clientDir}/`,
    tool: 'vite',
    async make() {
      console.log('Building the web client (a first start takes a minute or two)…')
      await runChild(path.join(root, 'scripts/build-client.mjs'))
    },
  }
}

/** Builds the web client and the compiled server when missing or stale. */
export async function ensureBuild() {
  await ensure(clientBuild())
  await ensureServerBuild()
}

/**
 * `npm run build` builds both outright; this then notes which sources they were built from, so
 * `npm start` on a copy of the tree (a production install without build tools,
 * docs/operations.md) finds them current instead of asking for a build.
 */
export function stampBuilds() {
  for (const b of [clientBuild(), serverBuild(() => {})]) {
    if (!fs.existsSync(b.output))
      throw new Error(`${b.output} is missing: the build did not finish`)
    fs.writeFileSync(b.stampFile, stampOf(b.inputs, b.settings))
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--stamp')) stampBuilds()
  else await ensureBuild()
}

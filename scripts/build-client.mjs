// Builds the web client (vite, with the project's vite.config.ts) and shows its progress
// (scripts/build-progress.mjs): run by scripts/ensure-build.mjs in a child process.
import { build } from 'vite'
import { createBuildProgress } from './build-progress.mjs'

const isTTY = process.stdout.isTTY === true
// `npm start` shows one progress line, then the server's summary: no size budget table
// (vite-precache-split.ts prints it on `npm run build`)
process.env.FORGELINE_BUILD_QUIET = '1'
// a figure over its size ceiling is a warning here, not a failed start (`npm run build` fails)
process.env.FORGELINE_BUDGET_WARN_ONLY = '1'
const stdout = process.stdout.write.bind(process.stdout)
const stderr = process.stderr.write.bind(process.stderr)
const progress = createBuildProgress({ write: (t) => stdout(t), isTTY })
// what vite and the plugins print goes above the progress line
process.stdout.write = (chunk, ...rest) => progress.other(chunk, (c) => stdout(c, ...rest))
process.stderr.write = (chunk, ...rest) => progress.other(chunk, (c) => stderr(c, ...rest))
const timer = setInterval(() => progress.tick(), isTTY ? 250 : 1000)
/** @type {import('vite').Plugin} */
const counter = {
  name: 'forgeline:build-progress',
  transform() {
    progress.module()
    return null
  },
  renderStart() {
    progress.phase('rendering chunks')
  },
  writeBundle() {
    progress.phase('compressing and writing files')
  },
}
try {
  // the timing report of slow plugins is for developers (`npx vite build`), not for a start-up
  await build({
    logLevel: 'warn',
    plugins: [counter],
    build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  })
  clearInterval(timer)
  progress.done(true)
} catch (e) {
  clearInterval(timer)
  progress.done(false)
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
}

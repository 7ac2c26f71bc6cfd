import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'

// The vitest projects mutation testing runs (stryker.config.mjs): unit and server, never e2e
// (a browser per mutant is far too slow, and the build it serves is not mutated). Each gets
// tests/mutation/thread-umask.ts, tests/mutation/hook-coverage.ts (counts what a file's
// beforeAll hooks reach for its tests), and a runner that reports the tests a failed beforeAll
// skipped as failed (tests/mutation/hook-failure-runner.ts).
const hookCoverage = './tests/mutation/hook-coverage.ts'
// worker threads may not set the umask the server sets at start
const threadUmask = './tests/mutation/thread-umask.ts'
const runner = './tests/mutation/hook-failure-runner.ts'
const projects = (base.test?.projects ?? [])
  .filter((p) => typeof p === 'object' && 'test' in p && !p.test?.name?.startsWith('e2e'))
  .map((p) => {
    const setupFiles = p.test?.setupFiles ?? []
    const list = Array.isArray(setupFiles) ? setupFiles : [setupFiles]
    // instrumented code counts what it reaches and runs slower: a heavy test (a workbook of
    // millions of cells) needs more than the usual 30 s
    return {
      ...p,
      test: {
        ...p.test,
        runner,
        setupFiles: [...list, threadUmask, hookCoverage],
        testTimeout: 120_000,
      },
    }
  })

export default defineConfig({ test: { ...base.test, projects } })

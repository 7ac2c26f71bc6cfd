// A setup file of vitest.mutation.config.ts only. Stryker runs vitest in worker threads, where
// `process.umask(mask)` throws (a thread may only read it); the server sets it when it starts
// (src/server/data-dir.ts). Under mutation testing its files are test data of a temporary
// folder, so there the mask is read, not set: the tests that check file modes run in `npm test`.
import { isMainThread } from 'node:worker_threads'

if (!isMainThread) {
  const umask = process.umask.bind(process) as () => number
  process.umask = (() => umask()) as typeof process.umask
}

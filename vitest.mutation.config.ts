import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'

// The vitest projects mutation testing runs (stryker.config.mjs): unit and server, never e2e
// (a browser per mutant is far too slow, and the build it serves is not mutated).
const projects = (base.test?.projects ?? []).filter(
  (p) => typeof p === 'object' && 'test' in p && !p.test?.name?.startsWith('e2e'),
)

export default defineConfig({ test: { ...base.test, projects } })

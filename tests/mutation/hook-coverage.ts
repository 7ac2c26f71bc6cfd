// Stryker's per-test coverage (stryker.config.mjs) counts code a test file runs in its beforeAll
// hooks as "static", covered by no test: a server test file builds its app there (routes,
// schemas, hooks, the key pair). Such a mutant was then tested only against the few tests that
// build an app themselves and reported "survived" although it fails the file. In Stryker's
// first (coverage) run this adds what the hooks before a test covered to that test's coverage,
// so the mutant is tested against those tests, with the hooks run under it.
// A setup file of vitest.mutation.config.ts only; outside a Stryker run it does nothing.
import { afterEach, beforeAll, beforeEach, inject } from 'vitest'

type Counts = Record<string, number>
type StrykerGlobal = {
  currentTestId?: string
  mutantCoverage?: { static: Counts; perTest: Record<string, Counts> }
}

const provided = inject as (key: string) => unknown
const namespace = provided('globalNamespace')
if (provided('mode') === 'dry-run' && typeof namespace === 'string') {
  const stryker = (): StrykerGlobal =>
    ((globalThis as Record<string, unknown>)[namespace] ??= {}) as StrykerGlobal
  const staticCounts = (): Counts => ({ ...stryker().mutantCoverage?.static })
  // mutants the file's hooks reached so far, and the static counts they were read against
  const hookHits = new Set<string>()
  let seen: Counts = {}
  const collect = () => {
    const now = staticCounts()
    for (const [id, n] of Object.entries(now)) if (n !== seen[id]) hookHits.add(id)
    seen = now
  }
  // runs before the file's own beforeAll hooks (setup files register first), after its imports
  beforeAll(() => {
    seen = staticCounts()
  })
  beforeEach(collect)
  // after hooks run in reverse order: Stryker's (which clears currentTestId) runs after this one
  afterEach(() => {
    const { currentTestId, mutantCoverage } = stryker()
    if (!currentTestId || !mutantCoverage || hookHits.size === 0) return
    const counts = (mutantCoverage.perTest[currentTestId] ??= {})
    for (const id of hookHits) counts[id] = (counts[id] ?? 0) + 1
  })
}

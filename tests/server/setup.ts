import { afterAll, afterEach } from 'vitest'
import { checkEveryApp, takeMismatches } from './helpers/response-conformance.ts'

// Every answer of a documented operation, in every server test, matches the published contract.
checkEveryApp()

function failOnMismatch() {
  const found = takeMismatches()
  if (found.length > 0)
    throw new Error(
      `${found.length} answer(s) do not match /api/openapi.json:\n${found.slice(0, 10).join('\n')}`,
    )
}
afterEach(failOnMismatch)
afterAll(failOnMismatch)

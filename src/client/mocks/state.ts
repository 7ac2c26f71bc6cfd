/**
 * The mock server's changing state (what users marked read), kept in memory: a reload of the
 * page in `npm run dev:mock` starts afresh, and tests call `resetMockState()` between cases.
 */
export type MockState = {
  /** notice ids each account marked read */
  readBy: Map<string, Set<number>>
  /** visitor messages marked handled */
  handledLeaving: Set<number>
  /** Idempotency-Keys already applied, with their first answer's message */
  applied: Map<string, string>
}

export const mockState: MockState = {
  readBy: new Map(),
  handledLeaving: new Set(),
  applied: new Map(),
}

export function resetMockState() {
  mockState.readBy.clear()
  mockState.handledLeaving.clear()
  mockState.applied.clear()
}

export function readIdsOf(loginName: string): Set<number> {
  let s = mockState.readBy.get(loginName)
  if (!s) mockState.readBy.set(loginName, (s = new Set()))
  return s
}

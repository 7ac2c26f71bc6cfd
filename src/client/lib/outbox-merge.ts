/**
 * Several tabs of the app share one persisted copy of the query cache (query-persister.ts),
 * and each writes its whole state. Without care, a tab that restored the copy before another
 * tab queued an offline change (a notice opened in a new tab, a second window) overwrites it,
 * and the queued change is lost. A tab therefore keeps, when it writes, the waiting changes of
 * the stored copy that it has never seen itself (another tab's); the ones it has seen were
 * sent, discarded or are in its own state already.
 */

import { mutationIdentity } from './mutation-identity.ts'

type StoredMutation = {
  mutationKey?: unknown
  state?: { submittedAt?: number; variables?: unknown }
}
type StoredClient = { buster?: string; clientState?: { mutations?: StoredMutation[] } }

const identityOf = (m: StoredMutation) =>
  mutationIdentity(m.mutationKey, m.state?.submittedAt, m.state?.variables)

const parse = (s: string | null | undefined): StoredClient | undefined => {
  if (!s) return undefined
  try {
    const v = JSON.parse(s) as unknown
    return typeof v === 'object' && v !== null ? (v as StoredClient) : undefined
  } catch {
    return undefined
  }
}

/**
 * The copy to write: `ours` (this tab's serialized state) plus the waiting changes of `stored`
 * that this tab does not know (`known` says which identities it has had in its cache). Same
 * release only (a new release's buster drops the old copy anyway). Returns `ours` untouched
 * when there is nothing to add.
 */
export function mergeOutbox(
  ours: string,
  stored: string | null | undefined,
  known: (identity: string) => boolean,
): string {
  const other = parse(stored)?.clientState?.mutations
  if (!other || other.length === 0) return ours
  const mine = parse(ours)
  if (!mine?.clientState || parse(stored)?.buster !== mine.buster) return ours
  const own = mine.clientState.mutations ?? []
  const ownIds = new Set(own.map(identityOf))
  const extra = other.filter((m) => {
    const id = identityOf(m)
    return !ownIds.has(id) && !known(id)
  })
  if (extra.length === 0) return ours
  const all = [...extra, ...own].sort(
    (a, b) => (a.state?.submittedAt ?? 0) - (b.state?.submittedAt ?? 0),
  )
  return JSON.stringify({ ...mine, clientState: { ...mine.clientState, mutations: all } })
}

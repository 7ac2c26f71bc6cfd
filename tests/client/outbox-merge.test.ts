import { describe, expect, it } from 'vitest'
import { mergeOutbox } from '#client/lib/outbox-merge'
import { mutationIdentity } from '#client/lib/mutation-identity'

/** A persisted copy as the query persister writes it (buster, clientState with paused changes). */
const copy = (buster: string, mutations: { key: string[]; at: number; vars: unknown }[]) =>
  JSON.stringify({
    buster,
    timestamp: 1,
    clientState: {
      queries: [{ queryKey: ['q'], state: { data: 1 } }],
      mutations: mutations.map((m) => ({
        mutationKey: m.key,
        state: { submittedAt: m.at, variables: m.vars, isPaused: true },
      })),
    },
  })
const waiting = (s: string) =>
  (
    JSON.parse(s) as { clientState: { mutations: { state: { submittedAt: number } }[] } }
  ).clientState.mutations.map((m) => m.state.submittedAt)
const nothingKnown = () => false

describe('several tabs writing the one offline copy', () => {
  const readA = { key: ['notices', 'read'], at: 100, vars: { ids: [1] } }
  const readB = { key: ['notices', 'read'], at: 200, vars: { ids: [2] } }
  const message = { key: ['site', 'leave-message'], at: 300, vars: { Name: '车间访客' } }

  it("keeps another tab's waiting changes when this tab writes its own state", () => {
    // this tab restored before the other tab queued readB, then queued the message
    const merged = mergeOutbox(
      copy('r1', [readA, message]),
      copy('r1', [readA, readB]),
      nothingKnown,
    )
    expect(waiting(merged)).toEqual([100, 200, 300])
    // the queries are this tab's own
    expect(
      (JSON.parse(merged) as { clientState: { queries: unknown[] } }).clientState.queries,
    ).toHaveLength(1)
  })

  it('does not bring back a change this tab has already had (sent or discarded)', () => {
    const sent = new Set([mutationIdentity(readB.key, readB.at, readB.vars)])
    const ours = copy('r1', [readA])
    expect(mergeOutbox(ours, copy('r1', [readA, readB]), (id) => sent.has(id))).toBe(ours)
  })

  it('ignores a copy of another release, an empty or unreadable copy', () => {
    const ours = copy('r2', [message])
    expect(mergeOutbox(ours, copy('r1', [readA]), nothingKnown)).toBe(ours)
    expect(mergeOutbox(ours, null, nothingKnown)).toBe(ours)
    expect(mergeOutbox(ours, '{not json', nothingKnown)).toBe(ours)
    // a copy of this release without a cache in it, or without waiting changes
    expect(mergeOutbox(ours, JSON.stringify({ buster: 'r2' }), nothingKnown)).toBe(ours)
    expect(
      mergeOutbox(
        ours,
        JSON.stringify({ buster: 'r2', clientState: { queries: [] } }),
        nothingKnown,
      ),
    ).toBe(ours)
  })

  it("writes this tab's state as it is when that state is not a readable copy", () => {
    for (const ours of ['{not json', 'null', '{"buster":"r1"}']) {
      expect(mergeOutbox(ours, copy('r1', [readB]), nothingKnown)).toBe(ours)
    }
  })

  it("returns this tab's copy untouched, in its own order, when the stored copy adds nothing", () => {
    // this tab's changes are not in time order; a merge would sort them, nothing to merge here
    const ours = copy('r1', [message, readA])
    expect(mergeOutbox(ours, copy('r1', [readA]), nothingKnown)).toBe(ours)
  })

  it("adds the other tab's changes when this tab has none of its own", () => {
    const ours = JSON.stringify({ buster: 'r1', timestamp: 1, clientState: { queries: [] } })
    expect(waiting(mergeOutbox(ours, copy('r1', [readB]), nothingKnown))).toEqual([200])
  })

  it('keeps a damaged change of the stored copy (no state) without failing the write', () => {
    const damaged = { mutationKey: ['notices', 'read'] }
    const stored = JSON.parse(copy('r1', [readA, readB])) as {
      clientState: { mutations: unknown[] }
    }
    stored.clientState.mutations.splice(1, 0, damaged)
    const merged = JSON.parse(
      mergeOutbox(copy('r1', [message]), JSON.stringify(stored), nothingKnown),
    ) as { clientState: { mutations: { state?: { submittedAt: number } }[] } }
    // a change without a time sorts first (time 0)
    expect(merged.clientState.mutations.map((m) => m.state?.submittedAt)).toEqual([
      undefined,
      100,
      200,
      300,
    ])
  })

  it('tells apart two changes of the same kind by when they were made and what they send', () => {
    const twin = { ...readA, vars: { ids: [9] } }
    expect(waiting(mergeOutbox(copy('r1', [readA]), copy('r1', [twin]), nothingKnown))).toEqual([
      100, 100,
    ])
  })
})

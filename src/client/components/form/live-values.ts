import { useState } from 'react'

type Values = Record<string, unknown>

/** The values an editor started from (`base`), what it shows now, and the version it saves from. */
export type LiveState<V extends Values> = { base: V; values: V; version?: number }

/** One value equals another as the form compares them (an empty text and nothing are the same). */
export const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? '') === JSON.stringify(b ?? '')

/**
 * Someone else saved the record an editor has open (DESIGN §11): `next` is the record read again
 * at `nextVersion`. A field the user has not edited shows the stored value; an edited one keeps
 * the user's text (and stays "changed"), unless the stored value is now the user's own. The
 * editor saves from the new version only when no field the user edited was changed by the other
 * person: then a save of those fields is the plain next write. Otherwise it keeps the version it
 * started from, so the save of such a field is still refused as a clash, and the server merges
 * the rest.
 */
export function rebase<V extends Values>(
  s: LiveState<V>,
  next: V,
  nextVersion: number | undefined,
): LiveState<V> {
  const base: Values = { ...next }
  const values: Values = { ...next }
  let theirsOnMine = false
  for (const k of new Set([...Object.keys(s.values), ...Object.keys(next)])) {
    const edited = !sameValue(s.values[k], s.base[k]) && !sameValue(s.values[k], next[k])
    if (!edited) continue
    values[k] = s.values[k]
    base[k] = s.base[k]
    if (!sameValue(next[k], s.base[k])) theirsOnMine = true
  }
  return {
    base: base as V,
    values: values as V,
    version: theirsOnMine ? s.version : nextVersion,
  }
}

const stamp = (initial: unknown, version: number | undefined) =>
  JSON.stringify([initial, version ?? null])

/**
 * An editor's values over a record that may be read again while it is open. Without `version`
 * the form keeps the values it opened on (a later `initial` is ignored, as before versions).
 * With one, a new `initial` or `version` is merged into the open form by `rebase`.
 */
export function useLiveValues<V extends Values>(initial: V, version?: number) {
  const [s, setS] = useState(() => ({
    seen: stamp(initial, version),
    state: { base: initial, values: initial, version } as LiveState<V>,
  }))
  let current = s
  if (version !== undefined) {
    const seen = stamp(initial, version)
    // adjusting state while rendering (react.dev "you might not need an effect"): no extra paint
    if (seen !== s.seen) {
      current = { seen, state: rebase(s.state, initial, version) }
      setS(current)
    }
  }
  const { base, values } = current.state
  return {
    base,
    values,
    /** the version a save starts from */
    version: current.state.version,
    setValues: (f: (cur: V) => V) =>
      setS((x) => ({ ...x, state: { ...x.state, values: f(x.state.values) } })),
    /** saved (or cleared): these values are the new start */
    reset: (next: V) => setS((x) => ({ ...x, state: { ...x.state, base: next, values: next } })),
  }
}

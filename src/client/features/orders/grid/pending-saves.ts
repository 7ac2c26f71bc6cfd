import { useMutationState, type Mutation } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef } from 'react'
import { ApiError } from '#client/lib/http'
import { gridSaveKey } from '../api/grid-keys.ts'
import type { GridSaveVariables } from '../api/post-grid-save.ts'
import type { GridRow } from './grid-config.ts'
import {
  addRow,
  placeServerErrors,
  setCell,
  unsetCell,
  withBase,
  withTotal,
  type CellErrors,
  type GridEdits,
} from './grid-edits.ts'

/**
 * Grid saves waiting in the outbox (made offline, or cut off by a lost connection): the
 * grid shows their values where they were typed, marked as waiting, until the server confirms
 * (the list is then read again) or refuses them (the values go back into the grid's edits with
 * the server's reasons on their cells).
 */
export type PendingSaves = {
  changed: Record<number, Record<string, unknown>>
  added: GridRow[]
  removed: Set<number>
  /** the waiting fields of each row */
  waiting: Record<number, Record<string, true>>
}

type Records = Record<string, unknown>[] | undefined
const records = (r: unknown): Record<string, unknown>[] =>
  Array.isArray(r) ? (r as Record<string, unknown>[]) : []

/** Rows added offline get Ids below those of the grid's own new rows. */
const pendingRowId = (save: number, row: number) => -(1_000_000 + save * 1000 + row)

/** The waiting saves of one grid, in the order they were made (later ones win). */
export function pendingOf(saves: GridSaveVariables[]): PendingSaves {
  const out: PendingSaves = { changed: {}, added: [], removed: new Set(), waiting: {} }
  saves.forEach((v, i) => {
    const data = v.postData ?? {}
    // the version the edit started from is not a value the grid shows
    for (const { Id, RowVersion: _base, ...values } of records(data.updateRecords as Records)) {
      const id = Number(Id)
      out.changed[id] = { ...out.changed[id], ...values }
      out.waiting[id] = {
        ...out.waiting[id],
        ...Object.fromEntries(Object.keys(values).map((k) => [k, true as const])),
      }
    }
    records(data.insertRecords as Records).forEach((values, j) => {
      const Id = pendingRowId(i, j)
      out.added.push(withTotal({ ...values, Id }))
      out.waiting[Id] = Object.fromEntries(Object.keys(values).map((k) => [k, true as const]))
    })
    for (const r of records(data.removeRecords as Records)) out.removed.add(Number(r.Id))
  })
  return out
}

/** The server's rows with the waiting saves applied: added rows first, removed ones gone. */
export function withPending(rows: GridRow[], p: PendingSaves): GridRow[] {
  if (p.added.length === 0 && p.removed.size === 0 && Object.keys(p.changed).length === 0)
    return rows
  const kept = rows
    .filter((r) => !p.removed.has(r.Id))
    .map((r) => (p.changed[r.Id] ? withTotal({ ...r, ...p.changed[r.Id] }) : r))
  return [...p.added, ...kept]
}

/** A refused save's records back in the grid's edits, with the server's reasons on their cells. */
export function restoreRefused(
  e: GridEdits,
  v: GridSaveVariables,
  error: unknown,
): { edits: GridEdits; errors: CellErrors } {
  let edits = e
  const data = v.postData ?? {}
  const updateIds: number[] = []
  // each record goes back with the version its edit started from (kept since the edit was made)
  for (const { Id, RowVersion, ...values } of records(data.updateRecords as Records)) {
    updateIds.push(Number(Id))
    for (const [k, value] of Object.entries(values)) edits = setCell(edits, Number(Id), k, value)
    edits = withBase(edits, Number(Id), RowVersion)
  }
  const insertIds: number[] = []
  for (const values of records(data.insertRecords as Records)) {
    edits = addRow(edits, values)
    insertIds.push(edits.added[0]!.Id)
  }
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined
  const errors = fieldErrors
    ? placeServerErrors(fieldErrors, { postData: data, insertIds, updateIds, errors: {} })
    : {}
  return { edits, errors }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * A discarded refusal's values out of the grid's edits again (the reverse of `restoreRefused`):
 * each cell still holding the refused value goes back to the saved one, with its error; each
 * added row still as refused is dropped; what the user typed since stays.
 */
export function dropRefused(e: GridEdits, errors: CellErrors, v: GridSaveVariables) {
  let edits = e
  const out = { ...errors }
  const data = v.postData ?? {}
  for (const { Id, RowVersion: _base, ...values } of records(data.updateRecords as Records)) {
    const id = Number(Id)
    for (const [k, value] of Object.entries(values))
      if (same(edits.changed[id]?.[k], value)) {
        edits = unsetCell(edits, id, k)
        const { [k]: _gone, ...rest } = out[id] ?? {}
        if (Object.keys(rest).length > 0) out[id] = rest
        else delete out[id]
      }
    // a row no longer edited starts its next edit from the version it then has
    if (!edits.changed[id] && !edits.removed.includes(id)) {
      const { [id]: _old, ...bases } = edits.bases ?? {}
      edits = { ...edits, bases }
    }
  }
  const gone = records(data.insertRecords as Records).map((values) =>
    edits.added.find((r) => Object.entries(values).every(([k, x]) => same(r[k], x))),
  )
  for (const r of gone) if (r) delete out[r.Id]
  return { edits: { ...edits, added: edits.added.filter((r) => !gone.includes(r)) }, errors: out }
}

const variablesOf = (m: Mutation<unknown, Error, unknown, unknown>) =>
  m.state.variables as GridSaveVariables | undefined
const ofGrid = (kind: string) => (m: Mutation<unknown, Error, unknown, unknown>) =>
  variablesOf(m)?.kind === kind

/** The grid's saves still waiting: paused (offline), or queued offline and now being sent. */
export function usePendingSaves(kind: string): PendingSaves {
  const saves = useMutationState({
    filters: {
      mutationKey: gridSaveKey,
      status: 'pending',
      predicate: (m) =>
        ofGrid(kind)(m) && (m.state.isPaused || variablesOf(m)?.queuedOffline === true),
    },
    select: (m) => variablesOf(m)!,
  })
  return pendingOf(saves)
}

/**
 * Calls `onRefused` once for each save of this grid that waited offline and the server then
 * refused, and `onDiscarded` when the user then discards it (it leaves the cache).
 */
export function useRefusedSaves(
  kind: string,
  onRefused: (v: GridSaveVariables, error: unknown) => void,
  onDiscarded: (v: GridSaveVariables) => void,
) {
  const refused = useMutationState({
    filters: {
      mutationKey: gridSaveKey,
      status: 'error',
      predicate: (m) => ofGrid(kind)(m) && variablesOf(m)?.queuedOffline === true,
    },
    select: (m) => ({
      id: m.mutationId,
      variables: variablesOf(m)!,
      error: m.state.error as unknown,
    }),
  })
  const handled = useRef(new Map<number, GridSaveVariables>())
  const refuse = useEffectEvent(onRefused)
  const discarded = useEffectEvent(onDiscarded)
  useEffect(() => {
    const now = new Set(refused.map((r) => r.id))
    for (const [id, variables] of handled.current)
      if (!now.has(id)) {
        handled.current.delete(id)
        discarded(variables)
      }
    for (const r of refused) {
      if (handled.current.has(r.id)) continue
      handled.current.set(r.id, r.variables)
      refuse(r.variables, r.error)
    }
  }, [refused])
}

import type { QueryClient } from '@tanstack/react-query'
import { gridKey } from './grid-keys.ts'

type Versions = { Id: number | string; RowVersion: number }[] | undefined
type Page = { result?: { Id: number; RowVersion?: number }[] } | null | undefined
type One = { Id: number; RowVersion?: number } | null | undefined

/**
 * A save's answer says the version each saved record has now (`versions`): the grid's copies take
 * it at once, so an edit started before the list is read again starts from the new version and
 * is not taken for a clash with the user's own save.
 */
export function applyVersions(queryClient: QueryClient, kind: string, versions: Versions) {
  if (!versions || versions.length === 0) return
  const now = new Map(versions.map((v) => [Number(v.Id), v.RowVersion]))
  const bump = <R extends { Id: number; RowVersion?: number }>(r: R): R => {
    const v = now.get(r.Id)
    return v === undefined || (r.RowVersion ?? -1) >= v ? r : { ...r, RowVersion: v }
  }
  queryClient.setQueriesData({ queryKey: gridKey(kind) }, (data: unknown) => {
    const page = data as Page
    if (page && Array.isArray(page.result)) return { ...page, result: page.result.map(bump) }
    const one = data as One
    return one && typeof one === 'object' && typeof one.Id === 'number' ? bump(one) : data
  })
}

import { useRouterState } from '@tanstack/react-router'
import { useMemo } from 'react'

export const staffRouteId = '/_staff'

/** The page on screen inside the staff layout: the route under `/_staff`, its path and query. */
export type CurrentPage = { routeId: string; pathname: string; search: string }

type MatchLike = { routeId: string; pathname: string }

/** The route rendered under the staff layout in a match list (undefined when none is). */
export function pageMatch(matches: readonly MatchLike[]): MatchLike | undefined {
  const at = matches.findIndex((m) => m.routeId === staffRouteId)
  return at < 0 ? undefined : matches[at + 1]
}

/**
 * Follows the committed matches (not the pending location), so the page switches when the
 * router has everything the new page needs.
 */
export function useCurrentPage(): CurrentPage | undefined {
  const key = useRouterState({
    select: (s) => {
      const m = pageMatch(s.matches)
      const leaf = s.matches.at(-1)
      if (!m || !leaf) return ''
      const loc = s.resolvedLocation ?? s.location
      const search = loc.pathname === leaf.pathname ? loc.searchStr : ''
      return `${m.routeId}\n${leaf.pathname}\n${search}`
    },
  })
  return useMemo(() => {
    if (!key) return undefined
    const [routeId = '', pathname = '', search = ''] = key.split('\n')
    return { routeId, pathname, search }
  }, [key])
}

import { Match, RouterContextProvider, useRouter, type AnyRouter } from '@tanstack/react-router'
import { Activity, memo, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'
import type { VisitedTab } from '../tab-rules.ts'
import { isLive, pageRouter } from './keep-alive-router.ts'
import type { CurrentPage } from './use-current-page.ts'

type Entry = { path: string; routeId: string }

/** One page with its own view of the router (see keep-alive-router). */
const KeptPage = memo(function KeptPage({ routeId, path }: Entry) {
  const router = useRouter() as AnyRouter
  const scoped = useMemo(
    () => pageRouter(router, () => isLive(router, routeId, path)),
    [router, routeId, path],
  )
  return (
    <RouterContextProvider router={scoped as never}>
      <Match routeId={routeId} />
    </RouterContextProvider>
  )
})

/** The pages to render: every visited tab that may be kept, plus the page on screen. */
export function keptEntries(tabs: readonly VisitedTab[], page: CurrentPage | undefined): Entry[] {
  const out: Entry[] = tabs
    .filter((t) => t.routeId && !t.meta.noKeepAlive)
    .map((t) => ({ path: t.path, routeId: t.routeId! }))
  if (page && !out.some((e) => e.path === page.pathname))
    out.push({ path: page.pathname, routeId: page.routeId })
  return out
}

/** Window scroll position of each kept page, restored when it comes back. */
function useScrollMemory(active: string | undefined) {
  const router = useRouter()
  const positions = useRef(new Map<string, number>())
  const shown = useRef(active)
  useLayoutEffect(() => {
    shown.current = active
  }, [active])
  useLayoutEffect(() => {
    // the page whose position was restored last; until the new page's is, scrolling is not recorded
    let restored = shown.current
    const onScroll = () => {
      if (shown.current && shown.current === restored)
        positions.current.set(shown.current, window.scrollY)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    // after the router's own scroll handling, when another page came on screen
    const off = router.subscribe('onRendered', () => {
      const path = shown.current
      if (!path || path === restored) return
      restored = path
      window.scrollTo({ top: positions.current.get(path) ?? 0, behavior: 'instant' })
    })
    return () => {
      window.removeEventListener('scroll', onScroll)
      off()
    }
  }, [router])
}

/**
 * Keep-alive of SPEC §2 with React 19 `<Activity>`: each visited page stays mounted (typed input,
 * state and scroll position survive switching tabs); only the page on screen is visible.
 * noKeepAlive pages and pages without a tab live only while they are on screen.
 */
export function KeepAlive({
  tabs,
  page,
  versions,
  fallback,
}: {
  tabs: readonly VisitedTab[]
  page: CurrentPage | undefined
  versions: Readonly<Record<string, number>>
  fallback?: ReactNode
}) {
  useScrollMemory(page?.pathname)
  const entries = keptEntries(tabs, page)
  if (entries.length === 0) return fallback ?? null
  return entries.map((e) => (
    <Activity
      key={`${e.path}#${versions[e.path] ?? 0}`}
      mode={e.path === page?.pathname ? 'visible' : 'hidden'}
    >
      <div className="shell-page" data-page={e.path}>
        <KeptPage routeId={e.routeId} path={e.path} />
      </div>
    </Activity>
  ))
}

import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import type { MenuItem } from '#shared/contract/menu'
import { findTrail, pagePaths } from '../menu-tree.ts'
import {
  addTab,
  afterClose,
  closeTabs,
  otherTab,
  type CloseCommand,
  type VisitedTab,
} from '../tab-rules.ts'
import { progress } from './progress-bar.tsx'
import type { CurrentPage } from './use-current-page.ts'

/** SPEC §9: the refresh progress bar finishes after this long. */
export const refreshProgressMs = 200

/** The tab of a page of the menu (undefined when the menu does not know it). */
export function tabOf(
  menu: readonly MenuItem[],
  path: string,
  search = '',
  routeId?: string,
): VisitedTab | undefined {
  const trail = findTrail(menu, path)
  const item = trail.at(-1)
  if (!item || (item.children?.length ?? 0) > 0) return undefined
  const parentIcon = trail
    .slice(0, -1)
    .reverse()
    .find((i) => i.meta.icon)?.meta.icon
  const { title, titleZh, noClosable, noKeepAlive, tabHidden } = item.meta
  return {
    path,
    search,
    name: item.name,
    ...(routeId ? { routeId } : {}),
    meta: {
      title,
      titleZh,
      icon: item.meta.icon ?? parentIcon,
      noClosable,
      noKeepAlive,
      tabHidden,
    },
  }
}

/** The non-closable pages of the menu; they open with the shell (SPEC §2: home is not closable). */
function affixTabs(menu: readonly MenuItem[]): VisitedTab[] {
  return [...pagePaths(menu)]
    .map((p) => tabOf(menu, p))
    .filter((t): t is VisitedTab => Boolean(t?.meta.noClosable))
}

export type VisitedTabs = {
  tabs: VisitedTab[]
  /** bumped by refresh: a new version is a fresh copy of the page */
  versions: Readonly<Record<string, number>>
  close: (path: string, command: CloseCommand) => void
  refresh: () => Promise<void>
}

/** Visited pages of this session (cleared with the shell at logout). */
export function useVisitedTabs(
  menu: readonly MenuItem[],
  page: CurrentPage | undefined,
): VisitedTabs {
  const router = useRouter()
  const queryClient = useQueryClient()
  const [tabs, setTabs] = useState<VisitedTab[]>([])
  const [versions, setVersions] = useState<Record<string, number>>({})
  const [seen, setSeen] = useState<{ menu: readonly MenuItem[]; page: CurrentPage | undefined }>()

  // follow the menu and the page on screen while rendering (no effect, no extra paint)
  if (seen?.menu !== menu || seen.page !== page) {
    setSeen({ menu, page })
    let next = tabs
    if (seen?.menu !== menu) {
      for (const affix of affixTabs(menu))
        if (!next.some((t) => t.path === affix.path)) next = [affix, ...next]
    }
    const tab = page ? tabOf(menu, page.pathname, page.search, page.routeId) : undefined
    if (tab) next = addTab(next, tab)
    if (next !== tabs) setTabs(next)
  }

  const activePath = page?.pathname
  const close = useCallback(
    (path: string, command: CloseCommand) => {
      const remaining = closeTabs(tabs, path, command)
      setTabs(remaining)
      const dest = activePath === undefined ? undefined : afterClose(remaining, activePath)
      if (dest) void router.navigate({ href: dest })
    },
    [tabs, activePath, router],
  )

  const refresh = useCallback(async () => {
    if (!page) return
    progress.start()
    await queryClient.invalidateQueries({ refetchType: 'none' })
    setVersions((v) => ({ ...v, [page.pathname]: (v[page.pathname] ?? 0) + 1 }))
    const other = otherTab(tabs, page.pathname)
    // SPEC §2: with other tabs, go to another and back; otherwise the new version re-mounts the view
    if (other) {
      await router.navigate({ href: other.path + other.search, replace: true })
      await router.navigate({ href: page.pathname + page.search, replace: true })
    }
    setTimeout(progress.done, refreshProgressMs)
  }, [page, tabs, router, queryClient])

  return { tabs, versions, close, refresh }
}

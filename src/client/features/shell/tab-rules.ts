/** Tab bar rules of SPEC §2, as pure functions of the visited-tab list. */

/** SPEC §9: at most this many pages are kept (tabs and their cached views). */
export const maxTabs = 30

/** A visited tab (SPEC §3): path, query, name, the route rendering it, and its meta. */
export type VisitedTab = {
  path: string
  /** search string of the last visit, '' or '?a=1' */
  search: string
  name: string
  /** id of the route that renders the page, set once the page has been open */
  routeId?: string
  meta: {
    title: string
    titleZh?: string
    icon?: string
    noClosable?: boolean
    noKeepAlive?: boolean
    tabHidden?: boolean
  }
}

export const closable = (t: VisitedTab) => !t.meta.noClosable

/** Whether a page gets a tab: it needs a name and must not be tabHidden. */
export const wantsTab = (t: Pick<VisitedTab, 'name' | 'meta'>) =>
  Boolean(t.name) && !t.meta.tabHidden

/**
 * Adds a page or refreshes its query and route. Past the limit the oldest closable tab that is
 * not the new one is dropped.
 */
export function addTab(tabs: readonly VisitedTab[], tab: VisitedTab): VisitedTab[] {
  if (!wantsTab(tab)) return [...tabs]
  const i = tabs.findIndex((t) => t.path === tab.path)
  if (i >= 0) {
    const old = tabs[i]!
    const next = [...tabs]
    next[i] = { ...old, ...tab, routeId: tab.routeId ?? old.routeId }
    return next
  }
  const next = [...tabs, tab]
  while (next.length > maxTabs) {
    const drop = next.findIndex((t) => closable(t) && t.path !== tab.path)
    if (drop < 0) break
    next.splice(drop, 1)
  }
  return next
}

export type CloseCommand = 'this' | 'others' | 'left' | 'right' | 'all'

/** Applies a close command relative to the tab at `path`; non-closable tabs always stay. */
export function closeTabs(
  tabs: readonly VisitedTab[],
  path: string,
  command: CloseCommand,
): VisitedTab[] {
  const at = tabs.findIndex((t) => t.path === path)
  return tabs.filter((t, i) => {
    if (!closable(t)) return true
    switch (command) {
      case 'this':
        return t.path !== path
      case 'others':
        return t.path === path
      case 'left':
        return at < 0 || i >= at
      case 'right':
        return at < 0 || i <= at
      case 'all':
        return false
    }
  })
}

/**
 * Disabled entries of the tab menu (SPEC §2): close others with a single tab, close left at the
 * first tab, close right at the last tab.
 */
export function disabledCommands(
  tabs: readonly VisitedTab[],
  path: string,
): Record<CloseCommand, boolean> {
  const at = tabs.findIndex((t) => t.path === path)
  const tab = tabs[at]
  return {
    this: !tab || !closable(tab),
    others: tabs.length <= 1,
    left: at <= 0,
    right: at < 0 || at === tabs.length - 1,
    all: false,
  }
}

/**
 * Where to go after closing (SPEC §2): nowhere while the active page is still open, else the
 * last remaining tab, or '/' when none is left.
 */
export function afterClose(
  remaining: readonly VisitedTab[],
  activePath: string,
): string | undefined {
  if (remaining.some((t) => t.path === activePath)) return undefined
  const last = remaining.at(-1)
  return last ? last.path + last.search : '/'
}

/** The tab to visit and come back from when refreshing a page (SPEC §2), if any. */
export function otherTab(tabs: readonly VisitedTab[], activePath: string): VisitedTab | undefined {
  const at = tabs.findIndex((t) => t.path === activePath)
  return tabs[at - 1] ?? tabs.find((t) => t.path !== activePath)
}

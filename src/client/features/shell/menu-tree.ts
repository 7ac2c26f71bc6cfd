import type { MenuItem, MenuMeta } from '#shared/contract/menu'

/** SPEC §2: groups opened by default in the side menu. */
export const defaultOpenGroups: readonly string[] = ['/supplier', '/order', '/finance', '/ship']

/** SPEC §9: a group with more children than this scrolls (86vh high). */
export const scrollingGroupSize = 18

const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path)

/** A child path relative to its parent becomes absolute; absolute and external paths stay. */
export function resolvePath(parent: string, path: string): string {
  if (isExternal(path) || path.startsWith('/')) return path
  const base = parent.endsWith('/') ? parent : `${parent}/`
  return `${base}${path}`
}

/** The server tree with every path absolute (redirects too). */
export function normalizeMenu(items: readonly MenuItem[], parent = '/'): MenuItem[] {
  return items.map((item) => {
    const path = resolvePath(parent, item.path)
    const redirect = item.redirect ? resolvePath(path, item.redirect) : undefined
    const children = item.children ? normalizeMenu(item.children, path) : undefined
    return { ...item, path, ...(redirect ? { redirect } : {}), ...(children ? { children } : {}) }
  })
}

export const isGroup = (item: MenuItem) =>
  Boolean(item.children && item.children.length > 0) || item.component === 'Layout'

/**
 * What the menu shows (SPEC §2): hidden items are dropped, a menuHidden item is replaced by its
 * children, a group without visible children disappears, and a group with a single visible
 * child (not alwaysShow) shows that child in its place.
 */
export function menuView(items: readonly MenuItem[]): MenuItem[] {
  const out: MenuItem[] = []
  for (const item of items) {
    if (item.hidden) continue
    if (item.menuHidden) {
      out.push(...menuView(item.children ?? []))
      continue
    }
    if (!isGroup(item)) {
      out.push(item)
      continue
    }
    const children = menuView(item.children ?? [])
    if (children.length === 0) continue
    if (children.length === 1 && !item.alwaysShow && !isGroup(children[0]!)) out.push(children[0]!)
    else out.push({ ...item, children })
  }
  return out
}

/** The items from the top of the tree down to the item with this path (empty when unknown). */
export function findTrail(items: readonly MenuItem[], path: string): MenuItem[] {
  for (const item of items) {
    if (item.path === path && !isGroup(item)) return [item]
    if (item.children) {
      const below = findTrail(item.children, path)
      if (below.length > 0) return [item, ...below]
    }
  }
  return []
}

export const findItem = (items: readonly MenuItem[], path: string): MenuItem | undefined =>
  findTrail(items, path).at(-1)

/** The menu path to highlight for a page: its meta.activeMenu, else its own path. */
export function activeMenuPath(items: readonly MenuItem[], pathname: string): string {
  return findItem(items, pathname)?.meta.activeMenu || pathname
}

/** Every page path of the tree, hidden ones included. */
export function pagePaths(items: readonly MenuItem[]): Set<string> {
  const out = new Set<string>()
  const walk = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (isGroup(item)) walk(item.children ?? [])
      else out.add(item.path)
    }
  }
  walk(items)
  return out
}

/** The first page a click on this item opens: itself, or its first visible page. */
export function firstPage(item: MenuItem): string | undefined {
  if (!isGroup(item)) return item.path
  for (const child of item.children ?? []) {
    if (child.hidden) continue
    const found = firstPage(child)
    if (found) return found
  }
  return undefined
}

/** Where a breadcrumb or group click goes: the redirect target, else the first page. */
export const targetOf = (item: MenuItem): string | undefined => item.redirect || firstPage(item)

/**
 * The server menu decides what a user may open (DESIGN §3). Returns where to send a user who
 * asks for a page outside their menu: their first page instead of the default home, else /403.
 * An empty menu blocks nothing.
 */
export function accessRedirect(items: readonly MenuItem[], pathname: string): string | undefined {
  // no menu at all is a missing configuration, not a ban: the server still checks every call
  if (items.length === 0 || pagePaths(items).has(pathname)) return undefined
  if (pathname === '/admin/index') {
    for (const item of menuView(items)) {
      const first = firstPage(item)
      if (first && !isExternal(first)) return first
    }
  }
  return '/403'
}

/** The group paths (ancestors) holding a path, for opening the menu around the active item. */
export function ancestorPaths(items: readonly MenuItem[], path: string): string[] {
  return findTrail(items, path)
    .slice(0, -1)
    .map((i) => i.path)
}

/** The title of an item in a language: Chinese when asked and present, else the English source. */
export const titleIn = (meta: Pick<MenuMeta, 'title' | 'titleZh'>, locale: string): string =>
  locale === 'zh' && meta.titleZh ? meta.titleZh : meta.title

export { isExternal }

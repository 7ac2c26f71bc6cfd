import type { MessageDescriptor } from '@lingui/core'
import type { AnyRoute } from '@tanstack/react-router'

export type StaffPage = { path: string; title: MessageDescriptor }

/** The shell keeps the user's server menu under this query key (features link by key, not import). */
export const userMenuQueryKey = ['shell', 'user-menu'] as const

/** Staff pages of the route tree: routes under `/_staff` with a static title and no path params. */
export function staffPagesOf(routesById: Record<string, AnyRoute | undefined>): StaffPage[] {
  const out: StaffPage[] = []
  for (const route of Object.values(routesById)) {
    const title = route?.options.staticData?.title
    if (!route || !title || !route.id.startsWith('/_staff/') || route.fullPath.includes('$'))
      continue
    out.push({ path: route.fullPath, title })
  }
  return out
}

type MenuNode = { path?: unknown; component?: unknown; children?: unknown }

/** The page paths of a cached menu tree (hidden ones too); undefined when there is no usable menu. */
export function menuPagePaths(menu: unknown): Set<string> | undefined {
  if (!Array.isArray(menu) || menu.length === 0) return undefined
  const out = new Set<string>()
  const walk = (items: readonly MenuNode[]) => {
    for (const item of items) {
      const children = Array.isArray(item.children) ? (item.children as MenuNode[]) : []
      if (children.length > 0 || item.component === 'Layout') walk(children)
      else if (typeof item.path === 'string') out.add(item.path)
    }
  }
  walk(menu as MenuNode[])
  return out
}

/** A title or path holding the keyword (any case); an empty keyword matches all. */
export function matchesKeyword(keyword: string, ...texts: string[]): boolean {
  const k = keyword.trim().toLowerCase()
  return k === '' || texts.some((s) => s.toLowerCase().includes(k))
}

/** SPEC §2: a suggestion may also be a web search for the text. */
export function webSearchUrl(text: string, locale: string): string {
  const q = encodeURIComponent(text)
  return locale === 'zh'
    ? `https://www.baidu.com/s?wd=${q}`
    : `https://www.google.com/search?q=${q}`
}

import { useEffect } from 'react'
import { smallStore } from './small-store.ts'
import { fromBase } from './base-url.ts'

/** Page name and description set by a page whose name comes from its data (e.g. a product). */
export const pageHeadStore = smallStore<{
  href: string
  name: string
  description?: string
} | null>(null)

export const siteTitleSeparator = ' - '

/** SPEC §2 title rule: page name plus site title, joined by a separator, optionally reversed. */
export function composeTitle(page: string | undefined, site: string, reverse = false): string {
  if (!page) return site
  return (reverse ? [site, page] : [page, site]).join(siteTitleSeparator)
}

/** Overrides the route's static title for the current URL. */
export function usePageHead(name: string | undefined, description?: string) {
  useEffect(() => {
    if (!name) return
    // the router's href: without BASE_PATH
    const href = fromBase(location.pathname) + location.search
    pageHeadStore.set({ href, name, description })
    return () => pageHeadStore.set((cur) => (cur?.href === href ? null : cur))
  }, [name, description])
}

import { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { routeTree } from '#client/routeTree.gen'
import { staffSections } from '#shared/staff-sections'

/** The route the router picks for an address (the deepest match). */
function leafRoute(pathname: string): string | undefined {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory(),
    context: { queryClient: new QueryClient() },
  })
  return router.matchRoutes(pathname, {}).at(-1)?.routeId
}

describe('not-found routes: one for the staff sections, one for the site', () => {
  it('an unknown address under any staff section is the staff not-found page', () => {
    for (const s of staffSections) {
      expect(leafRoute(`/${s}/no-such-page`), s).toBe('/_staff/$section/$')
      expect(leafRoute(`/${s}/a/b`), s).toBe('/_staff/$section/$')
    }
    // the router matches without regard to case, as the server does
    expect(leafRoute('/Order/Nope')).toBe('/_staff/$section/$')
  })

  it('an unknown address elsewhere is the site not-found page, in the site layout', () => {
    for (const p of ['/no-such-page', '/news/nope', '/products/x/y', '/workbench/more'])
      expect(leafRoute(p), p).toBe('/_site/$')
  })

  it('known pages keep their routes; /admin alone is the back-office door', () => {
    expect(leafRoute('/order/order')).toBe('/_staff/order/order')
    expect(leafRoute('/system/user')).toBe('/_staff/system/user')
    expect(leafRoute('/admin/index')).toBe('/_staff/admin/index')
    expect(leafRoute('/admin')).toBe('/admin')
    expect(leafRoute('/news/detail')).toBe('/_site/news/detail')
    expect(leafRoute('/404')).toBe('/404')
  })
})

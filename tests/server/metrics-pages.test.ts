import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { otherPages, pageRouteOf, sitePages } from '#server/metrics/page-routes'
import { staffScreens } from '#shared/staff-screens'

// The request metrics label a page of the web client by its route: the list they use is the
// client's file routes (src/client/routes), so a new page cannot be counted as `unmatched`.

const routesDir = path.resolve(import.meta.dirname, '../../src/client/routes')

/** The URL path of every page file: layouts (`_site`, `_staff`) add no segment, `[index]` is `index`. */
function clientPages(dir = routesDir, prefix = ''): string[] {
  const pages: string[] = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      const segment = e.name.startsWith('_') ? '' : `/${e.name}`
      pages.push(...clientPages(path.join(dir, e.name), `${prefix}${segment}`))
      continue
    }
    const name = e.name.replace(/\.tsx$/, '')
    // `$` is a folder's not-found page for unknown addresses (counted as unmatched), not a page
    if (name === e.name || name.startsWith('_') || name === '$') continue
    if (name === 'index') pages.push(prefix || '/')
    else pages.push(`${prefix}/${name === '[index]' ? 'index' : name}`)
  }
  return pages
}

describe('page routes of the request metrics', () => {
  it('are exactly the pages of the web client', () => {
    const listed = [...sitePages, ...otherPages, ...staffScreens]
    expect(new Set(listed).size).toBe(listed.length)
    expect([...listed].sort()).toEqual(clientPages().sort())
  })

  it('name a page whatever its case, query or trailing slash; anything else is no page', () => {
    expect(pageRouteOf('/products?sort=3')).toBe('/products')
    expect(pageRouteOf('/news/detail/?id=2')).toBe('/news/detail')
    expect(pageRouteOf('/admin/wxusermanagement')).toBe('/admin/wxUserManagement')
    expect(pageRouteOf('/')).toBe('/')
    for (const url of [
      '/products/1',
      '/wp-login.php',
      '/news/detail/x',
      '//',
      '/api/Order/GetList',
    ])
      expect(pageRouteOf(url), url).toBeUndefined()
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { appPagePaths, pathKind } from '#server/modules/seo/app-paths'

/** The page paths the client's route files make (TanStack file routes: `_x` pathless, `[index]` literal). */
function routePaths(): string[] {
  const root = path.join(import.meta.dirname, '../../src/client/routes')
  const out: string[] = []
  const walk = (dir: string, prefix: string) => {
    for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
      if (f.isDirectory()) {
        walk(path.join(dir, f.name), f.name.startsWith('_') ? prefix : `${prefix}/${f.name}`)
        continue
      }
      const name = f.name.replace(/\.tsx$/, '')
      // the root, the layouts and the not-found routes (`$`) are no page addresses of their own
      if (name === '__root' || name === '$' || (name.startsWith('_') && prefix === '')) continue
      const seg = name === 'index' ? '' : `/${name.replace(/^\[(.*)\]$/, '$1')}`
      out.push((prefix + seg || '/').toLowerCase())
    }
  }
  walk(root, '')
  return out.sort()
}

describe('the app page addresses the server knows', () => {
  it('are the route files of the client, no more, no less', () => {
    expect([...appPagePaths].sort()).toEqual(routePaths())
  })

  it('the staff sections share one not-found route, which reads the same list of sections', () => {
    // which addresses it takes: tests/client/not-found-routes.test.ts
    const route = path.join(import.meta.dirname, '../../src/client/routes/_staff/$section/$.tsx')
    expect(fs.readFileSync(route, 'utf8')).toContain("from '#shared/staff-sections'")
  })

  it('tell app pages, unknown staff addresses and unknown public ones apart', () => {
    expect(pathKind('/order/order')).toBe('app')
    expect(pathKind('/Order/Order/')).toBe('app')
    expect(pathKind('/setting/personalCenter')).toBe('app')
    expect(pathKind('/supplier-apply')).toBe('app')
    expect(pathKind('/order/nope')).toBe('staff-missing')
    expect(pathKind('/system/x/y')).toBe('staff-missing')
    expect(pathKind('/workbench/more')).toBe('public-missing')
    expect(pathKind('/no-such-page')).toBe('public-missing')
    expect(pathKind('/supplier-applyx')).toBe('public-missing')
    expect(pathKind('/news/nope')).toBe('public-missing')
  })
})

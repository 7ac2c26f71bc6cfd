import { describe, expect, it } from 'vitest'
import { internalLink } from '#client/features/site/components/internal-link'
import { demoCatalogue } from '../../src/server/db/seed/demo-products.ts'
import { demoCarousel } from '../../src/server/db/seed/demo-site.ts'

describe('text slips of the new-user walk', () => {
  it('the carousel opens a category as /products?sort=1, not sort=%221%22', () => {
    const first = demoCarousel((name: string) => `/${name}`, 1)[0]!
    expect(first.link).toBe('/products?sort=1')
    // the router writes a string search value quoted: the link must give it the number
    expect(internalLink(first.link)).toEqual({ to: '/products', search: { sort: 1 } })
    expect(internalLink('/news/detail?id=12&tab=a1')).toEqual({
      to: '/news/detail',
      search: { id: 12, tab: 'a1' },
    })
    expect(internalLink('//evil.example/x')).toEqual({ to: '/index', search: {} })
  })

  it('an English spec value keeps the standard its Chinese value names (GB/T 10095 grade 6)', () => {
    const specs = demoCatalogue.flatMap((c) => c.products.flatMap((p) => p.specs))
    const standards = specs.filter((s) => /GB\/T \d+/.test(s.Value))
    expect(standards.length).toBeGreaterThan(0)
    for (const s of standards) expect(s.ValueEn, s.Value).toContain(/GB\/T \d+/.exec(s.Value)![0])
  })
})

import { describe, expect, it } from 'vitest'
import * as contentAdmin from '#shared/contract/content-admin'
import * as siteAdmin from '#shared/contract/site-admin'
import * as departments from '#shared/contract/system-departments'
import * as menu from '#shared/contract/system-menu'
import * as roles from '#shared/contract/system-roles'
import * as users from '#shared/contract/system-users'
import { specRowOf, splitSpecValue } from '#shared/spec-values'

/**
 * An update schema built with `.partial()` must leave an absent field absent. A rule
 * with `.default('')` inside it turned every field a partial save did not name into '', so
 * saving only the phone blanked fax, mail and website.
 */
describe('every update schema of the contract keeps absent fields absent', () => {
  const all = {
    ...contentAdmin,
    ...siteAdmin,
    ...departments,
    ...menu,
    ...roles,
    ...users,
  } as Record<string, unknown>
  const updates = Object.entries(all).filter(
    ([name, v]) =>
      /Update$/.test(name) && typeof (v as { safeParse?: unknown }).safeParse === 'function',
  )

  it('finds the update schemas', () => {
    expect(updates.map(([n]) => n)).toEqual(
      expect.arrayContaining([
        'contactUpdate',
        'aboutUpdate',
        'productUpdate',
        'carouselUpdate',
        'categoryUpdate',
        'newsUpdate',
        'equipmentUpdate',
      ]),
    )
  })

  for (const [name, schema] of updates) {
    it(name, () => {
      const s = schema as {
        safeParse: (v: unknown) => { success: boolean; data?: Record<string, unknown> }
      }
      const r = s.safeParse({ Id: 1, Code: 'x' })
      expect(r.success).toBe(true)
      const keys = Object.keys(r.data!).filter((k) => k !== 'Id' && k !== 'Code')
      expect(keys, `${name} adds ${keys.join(', ')}`).toEqual([])
    })
  }
})

describe('spec values in two languages', () => {
  it('parts "中文 / English" and leaves language-free values alone', () => {
    expect(splitSpecValue('渗碳淬火 / Carburising and hardening')).toEqual([
      '渗碳淬火',
      'Carburising and hardening',
    ])
    expect(splitSpecValue('4.11 / 4.55 / 5.13')).toEqual(['4.11 / 4.55 / 5.13', ''])
    expect(splitSpecValue('42CrMo4')).toEqual(['42CrMo4', ''])
    expect(specRowOf({ Name: '材料', NameEn: 'Material', Value: '调质 / Q&T' })).toEqual({
      Name: '材料',
      NameEn: 'Material',
      Value: '调质',
      ValueEn: 'Q&T',
    })
    expect(specRowOf({ Name: 'a', NameEn: '', Value: '调质 / Q&T', ValueEn: 'kept' }).ValueEn).toBe(
      'kept',
    )
  })
})

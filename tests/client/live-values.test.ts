import { describe, expect, it } from 'vitest'
import { rebase } from '#client/components/form/live-values'

/** The user opened the record at version 4 and typed a new Name. */
const opened = {
  base: { Name: '锻造车间', NameEn: 'Forge', ParentId: 1 },
  values: { Name: '锻造一车间', NameEn: 'Forge', ParentId: 1 },
  version: 4,
}

describe('an open editor over a record someone else saved', () => {
  it('shows the new value of a field not edited, keeps the edited one, and saves from the new version when the other person changed another field', () => {
    const s = rebase(opened, { Name: '锻造车间', NameEn: 'Forging', ParentId: 1 }, 5)
    expect(s.values).toEqual({ Name: '锻造一车间', NameEn: 'Forging', ParentId: 1 })
    // the edited field still counts as changed from where the user started
    expect(s.base.Name).toBe('锻造车间')
    expect(s.base.NameEn).toBe('Forging')
    // the save of Name from version 5 is the plain next write: nothing to merge or refuse
    expect(s.version).toBe(5)
  })

  it('keeps the version it started from when the other person changed the field the user edited, so the save is still refused as a clash', () => {
    const s = rebase(opened, { Name: '热处理车间', NameEn: 'Heat', ParentId: 1 }, 5)
    expect(s.values).toEqual({ Name: '锻造一车间', NameEn: 'Heat', ParentId: 1 })
    expect(s.base.Name).toBe('锻造车间')
    expect(s.version).toBe(4)
    // a later read keeps it so while the clash stands
    expect(rebase(s, { Name: '热处理车间', NameEn: 'Heat', ParentId: 2 }, 6).version).toBe(4)
  })

  it("stops counting a field as edited once the stored value is the user's own (the user's own save read back)", () => {
    const s = rebase(opened, { Name: '锻造一车间', NameEn: 'Forge', ParentId: 1 }, 5)
    expect(s.values).toEqual(s.base)
    expect(s.version).toBe(5)
  })

  it('with nothing edited, follows the stored record and its version', () => {
    const clean = { ...opened, values: opened.base }
    const next = { Name: 'A', NameEn: 'B', ParentId: 3 }
    expect(rebase(clean, next, 9)).toEqual({ base: next, values: next, version: 9 })
  })
})

import { describe, expect, it } from 'vitest'
import { can, parseGridPermission, subjectOf } from '#shared/acl'
import { gridPermissions, gridPermissionStrings } from '#shared/grid-permissions'

describe('grid permission strings (SPEC §6)', () => {
  it('hides a button or column shown false or 0, in any case; shows anything not named', () => {
    const p = gridPermissions([
      'button-add-show-false',
      'column-UnitPrice-show-0',
      'column-Remark-show-FALSE',
      'button-save-show-true',
    ])
    expect([p.buttonShown('add'), p.buttonShown('save'), p.buttonShown('export')]).toEqual([
      false,
      true,
      true,
    ])
    expect([
      p.columnShown('UnitPrice'),
      p.columnShown('Remark'),
      p.columnShown('Customer'),
    ]).toEqual([false, false, true])
    // the total is computed from the unit price: hidden with it (derived-fields.ts)
    expect(p.columnShown('TotalSum')).toBe(false)
    expect(p.hiddenColumns).toEqual(['Remark', 'TotalSum', 'UnitPrice'])
  })

  it('a later string wins for the same key; other properties and malformed strings are ignored', () => {
    const p = gridPermissions([
      'column-Quantity-show-false',
      'column-Quantity-show-true',
      'button-delete-show-true',
      'button-delete-show-false',
      'column-Customer-edit-false',
      'column-x',
      'READ',
    ])
    expect(p.columnShown('Quantity')).toBe(true)
    expect(p.buttonShown('delete')).toBe(false)
    expect(p.columnShown('Customer')).toBe(true)
    expect(p.hiddenColumns).toEqual([])
    // a button string says nothing of a column of that name, and the reverse
    const q = gridPermissions(['button-audit-show-false', 'column-export-show-false'])
    expect([q.columnShown('audit'), q.buttonShown('export')]).toEqual([true, true])
  })

  it('the strings of a user are their abilities, then their role permissions (which win)', () => {
    expect(gridPermissionStrings(['column-A-show-false'], ['column-A-show-true'])).toEqual([
      'column-A-show-false',
      'column-A-show-true',
    ])
    expect(
      gridPermissions(
        gridPermissionStrings(['column-A-show-false'], ['column-A-show-true']),
      ).columnShown('A'),
    ).toBe(true)
  })

  it('parses only whole strings of letters, digits and underscores', () => {
    expect(parseGridPermission('column-Unit_Price2-show-0')).toEqual({
      kind: 'column',
      key: 'Unit_Price2',
      property: 'show',
      value: '0',
    })
    expect(parseGridPermission('xbutton-add-show-false')).toBeUndefined()
    expect(parseGridPermission('button-add-show-false-x')).toBeUndefined()
    expect(parseGridPermission('button-a b-show-false')).toBeUndefined()
    expect(parseGridPermission('button--show-false')).toBeUndefined()
    expect(parseGridPermission('button-add--false')).toBeUndefined()
    expect(parseGridPermission('button-add-show-')).toBeUndefined()
  })
})

describe('can: empty lists and the default mode (SPEC §6)', () => {
  const editor = subjectOf('editor', ['READ', 'CONTENT'])
  it('an empty role or ability list asks nothing; the mode applies to both lists', () => {
    expect(can(editor, { role: [], ability: ['CONTENT'] })).toBe(true)
    expect(can(editor, { role: ['editor'], ability: [] })).toBe(true)
    expect(can(editor, {})).toBe(true)
    expect(can(editor, { role: ['staff', 'editor'] })).toBe(true)
    expect(can(editor, { role: ['staff', 'editor'], mode: 'allOf' })).toBe(false)
    expect(can(editor, { role: ['staff'], mode: 'except' })).toBe(true)
    expect(can(editor, { role: ['editor'], mode: 'except' })).toBe(false)
    expect(can(editor, { ability: ['ORDERS', 'CONTENT'], mode: 'except' })).toBe(false)
  })
  it('only the role admin is admin', () => {
    expect(subjectOf('admin', [])).toEqual({ admin: true, roles: ['admin'], abilities: [] })
    expect(subjectOf('editor', ['READ'])).toEqual({
      admin: false,
      roles: ['editor'],
      abilities: ['READ'],
    })
    expect(subjectOf('', ['READ'])).toEqual({ admin: false, roles: [], abilities: ['READ'] })
    expect(can(subjectOf('administrator', []), ['admin'])).toBe(false)
  })
})

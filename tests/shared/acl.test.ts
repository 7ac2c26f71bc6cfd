import { describe, expect, it } from 'vitest'
import { can, parseGridPermission, subjectOf } from '#shared/acl'

const editor = subjectOf('editor', ['READ', 'CONTENT'])
const admin = subjectOf('admin', [])
const nobody = subjectOf('', [])

describe('can (SPEC §6)', () => {
  it('admin passes everything', () => {
    expect(can(admin, ['staff'])).toBe(true)
    expect(can(admin, { ability: ['ORDERS'], mode: 'allOf' })).toBe(true)
  })
  it('a plain list means roles, oneOf', () => {
    expect(can(editor, ['admin', 'editor'])).toBe(true)
    expect(can(editor, ['staff'])).toBe(false)
    expect(can(editor, [])).toBe(true)
  })
  it('supports oneOf, allOf and except on abilities', () => {
    expect(can(editor, { ability: ['CONTENT', 'ORDERS'] })).toBe(true)
    expect(can(editor, { ability: ['CONTENT', 'ORDERS'], mode: 'allOf' })).toBe(false)
    expect(can(editor, { ability: ['READ', 'CONTENT'], mode: 'allOf' })).toBe(true)
    expect(can(editor, { ability: ['ORDERS'], mode: 'except' })).toBe(true)
    expect(can(editor, { ability: ['CONTENT'], mode: 'except' })).toBe(false)
  })
  it('needs both role and ability when both are given', () => {
    expect(can(editor, { role: ['editor'], ability: ['ORDERS'] })).toBe(false)
    expect(can(editor, { role: ['editor'], ability: ['CONTENT'] })).toBe(true)
  })
  it('a user without a role passes only open requirements', () => {
    expect(can(nobody, ['editor'])).toBe(false)
    expect(can(nobody, { ability: ['READ'] })).toBe(false)
    expect(can(nobody, undefined)).toBe(true)
  })
  it('parses grid permission strings', () => {
    expect(parseGridPermission('button-add-show-false')).toEqual({
      kind: 'button',
      key: 'add',
      property: 'show',
      value: 'false',
    })
    expect(parseGridPermission('column-UnitPrice-show-true')?.key).toBe('UnitPrice')
    expect(parseGridPermission('row-x-y-z')).toBeUndefined()
  })
})

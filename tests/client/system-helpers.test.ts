import { describe, expect, it } from 'vitest'
import type { MenuItem } from '#shared/contract/menu'
import type { DepartmentRow } from '#shared/contract/system-departments'
import { ApiError } from '#client/lib/http'
import {
  departmentName,
  departmentNodes,
  departmentPath,
  reorder,
  subtreeIds,
} from '#client/features/system/department-tree'
import { errorLine, recordErrors } from '#client/features/system/field-errors'
import { checkRows, stateOf, toggle } from '#client/features/system/menu-checks'

const item = (
  id: number,
  path: string,
  permission: MenuItem['permission'],
  children?: MenuItem[],
): MenuItem => ({
  id,
  path,
  name: `N${id}`,
  component: children ? 'Layout' : path.slice(1),
  hidden: false,
  alwaysShow: false,
  menuHidden: false,
  meta: { title: path },
  permission,
  ...(children ? { children } : {}),
})

describe('role menu checklist', () => {
  const tree = [
    item(1, '/', null, [
      item(2, '/workbench', null),
      item(3, '/admin/index', { ability: ['READ'] }),
    ]),
    item(4, '/supplier', { ability: ['ORDERS'] }, [
      item(5, '/supplier/purchase', { ability: ['ORDERS'] }),
      item(6, '/supplier/quality', { ability: ['ORDERS'] }),
    ]),
  ]
  const rows = checkRows(tree)

  it('flattens the tree with depth, open entries and the entries below each group', () => {
    expect(rows.map((r) => [r.path, r.depth, r.open])).toEqual([
      ['/', 0, true],
      ['/workbench', 1, true],
      ['/admin/index', 1, false],
      ['/supplier', 0, false],
      ['/supplier/purchase', 1, false],
      ['/supplier/quality', 1, false],
    ])
    expect(rows[3]!.childIds).toEqual([5, 6])
  })

  it('checks and clears a group with its entries; a group is partly checked when some are', () => {
    const supplier = rows[3]!
    const all = toggle(new Set(), supplier, true)
    expect([...all].sort()).toEqual([4, 5, 6])
    expect(stateOf(all, supplier)).toBe('on')
    const some = toggle(all, rows[5]!, false)
    expect(stateOf(some, supplier)).toBe('some')
    expect(stateOf(toggle(some, supplier, false), supplier)).toBe('off')
  })
})

describe('department tree', () => {
  const d = (Id: number, ParentId: number | null, Sort: number): DepartmentRow => ({
    Id,
    ParentId,
    ParentName: '',
    ParentNameEn: '',
    Name: `D${Id}`,
    NameEn: '',
    Sort,
    CreateTimeString: '',
    UserCount: 0,
    RowVersion: 1,
  })
  const rows = [d(1, null, 10), d(3, 1, 10), d(4, 1, 20), d(5, 4, 10), d(2, null, 20)]

  it('gives depth, siblings and position of each department', () => {
    const nodes = departmentNodes(rows)
    expect(nodes.map((n) => [n.Id, n.depth, n.index, n.hasChildren])).toEqual([
      [1, 0, 0, true],
      [3, 1, 0, false],
      [4, 1, 1, true],
      [5, 2, 0, false],
      [2, 0, 1, false],
    ])
  })

  it('reorders siblings with new Sort values, sending only the changed ones', () => {
    const kids = rows.filter((r) => r.ParentId === 1)
    expect(reorder(kids, 1, 0)).toEqual([
      { Id: 4, Sort: 10 },
      { Id: 3, Sort: 20 },
    ])
    expect(reorder(kids, 0, 0)).toEqual([])
  })

  it('knows the departments a department cannot move under', () => {
    expect([...subtreeIds(rows, 1)].sort()).toEqual([1, 3, 4, 5])
  })
})

describe('department names in the UI language', () => {
  const row = (o: Partial<DepartmentRow>): DepartmentRow => ({
    Id: 1,
    ParentId: null,
    ParentName: '',
    ParentNameEn: '',
    Name: '质量部',
    NameEn: 'Quality',
    Sort: 0,
    CreateTimeString: '',
    UserCount: 0,
    RowVersion: 1,
    ...o,
  })
  it('shows the English name in English and falls back to the Chinese one when it is empty', () => {
    expect(departmentName(row({}), 'en')).toBe('Quality')
    expect(departmentName(row({}), 'zh')).toBe('质量部')
    expect(departmentName(row({ NameEn: '' }), 'en')).toBe('质量部')
    expect(
      departmentPath(row({ ParentId: 9, ParentName: '管理部', ParentNameEn: 'Management' }), 'en'),
    ).toBe('Management / Quality')
    expect(departmentPath(row({ ParentId: 9, ParentName: '管理部', ParentNameEn: '' }), 'en')).toBe(
      '管理部 / Quality',
    )
    expect(
      departmentPath(row({ ParentId: 9, ParentName: '管理部', ParentNameEn: 'Management' }), 'zh'),
    ).toBe('管理部 / 质量部')
  })
})

describe('save errors', () => {
  it('maps field paths of one record to its fields', () => {
    const e = new ApiError(400, 'bad', {
      'postData.insertRecords.0.Meta.title': 'required',
      'postData.insertRecords.0.MenuIds.2': 'No such menu entry',
      'postData.insertRecords.1.Code': 'other record',
    })
    expect(recordErrors(e)).toEqual({
      'Meta.title': 'required',
      Meta: 'required',
      'MenuIds.2': 'No such menu entry',
      MenuIds: 'No such menu entry',
    })
    expect(recordErrors(e, 1)).toEqual({ Code: 'other record' })
    expect(errorLine(e, 'fallback')).toBe('required')
    expect(errorLine(new Error(''), 'fallback')).toBe('fallback')
  })
})

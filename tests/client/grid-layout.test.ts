import { describe, expect, it } from 'vitest'
import { parseGridPermission } from '#shared/acl'
import {
  columnPrefsKey,
  moveColumn,
  noColumnPrefs,
  orderedColumns,
  parseColumnPrefs,
  shownColumns,
  toggleColumn,
} from '#client/features/orders/grid/grid-column-prefs'
import {
  defaultPageSize,
  pageSizeOptions,
  tableHeight,
} from '#client/features/orders/grid/grid-page-size'
import { countRows } from '#client/features/orders/grid/use-toolbar-rows'
import { orderGrid } from '#client/features/orders/kinds/order-grids'

const keys = (cs: { key: string }[]) => cs.map((c) => c.key)
const all = keys(orderGrid.columns)

describe('grid page size and height (SPEC §9)', () => {
  it('shows 15 rows under 1000 px of window height, else 20, with the SPEC options', () => {
    expect(defaultPageSize(999)).toBe(15)
    expect(defaultPageSize(1000)).toBe(20)
    expect(defaultPageSize(1440)).toBe(20)
    expect([...pageSizeOptions]).toEqual([5, 10, 15, 20, 50, 100, 200, 500, 1000])
  })

  it('sizes the table at window height - 291, 60 px less per extra toolbar row', () => {
    expect(tableHeight(1000)).toBe(709)
    expect(tableHeight(1000, 1)).toBe(649)
    expect(tableHeight(1000, 2)).toBe(589)
    expect(countRows([0, 0, 0.4, 38, 38])).toBe(2)
    expect(countRows([])).toBe(1)
  })
})

describe('column customisation', () => {
  it('hides and reorders columns, keeping new columns at the end and at least one shown', () => {
    let prefs = toggleColumn(noColumnPrefs, 'Customer', false)
    prefs = moveColumn(orderGrid.columns, prefs, 'Remark', -1)
    const shown = keys(shownColumns(orderGrid.columns, prefs))
    expect(shown).not.toContain('Customer')
    expect(shown.at(-1)).toBe('AuditStatus')
    expect(shown.at(-2)).toBe('Remark')
    expect(
      keys(orderedColumns(orderGrid.columns, { order: ['PartName', 'OrderNo'], hidden: [] })).slice(
        0,
        3,
      ),
    ).toEqual(['PartName', 'OrderNo', 'Customer'])
    expect(keys(shownColumns(orderGrid.columns, { order: [], hidden: all }))).toEqual(['OrderNo'])
    expect(toggleColumn(prefs, 'Customer', true).hidden).toEqual([])
    // moving past either end changes nothing
    expect(moveColumn(orderGrid.columns, noColumnPrefs, 'OrderNo', -1)).toBe(noColumnPrefs)
  })

  it('reads stored prefs defensively, per user and grid', () => {
    expect(columnPrefsKey('staff', 'Order')).toBe('forgeline-grid-columns:staff:Order')
    expect(parseColumnPrefs('{"order":["Quantity",3,null],"hidden":["Remark"]}')).toEqual({
      order: ['Quantity'],
      hidden: ['Remark'],
    })
    expect(parseColumnPrefs('not json')).toEqual(noColumnPrefs)
    expect(parseColumnPrefs('{"__proto__":{"x":1},"order":"Quantity"}')).toEqual(noColumnPrefs)
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    expect(parseColumnPrefs(null)).toEqual(noColumnPrefs)
  })
})

describe('grid permission strings (SPEC §6)', () => {
  it('parses button and column strings and nothing else', () => {
    expect(parseGridPermission('button-export-show-false')).toEqual({
      kind: 'button',
      key: 'export',
      property: 'show',
      value: 'false',
    })
    expect(parseGridPermission('column-UnitPrice-show-false')).toEqual({
      kind: 'column',
      key: 'UnitPrice',
      property: 'show',
      value: 'false',
    })
    expect(parseGridPermission('ORDERS')).toBeUndefined()
    expect(parseGridPermission('button-__proto__-show')).toBeUndefined()
  })
})

describe('offline copy of grid lists', () => {
  it('keeps successful queries but not lists of more than 1,000 rows', async () => {
    const { shouldPersistQuery } = await import('#client/lib/query-persister')
    const list = (n: number) => ({
      state: {
        status: 'success',
        data: { result: Array.from({ length: n }, (_, i) => ({ Id: i })), total: n },
      },
    })
    expect(shouldPersistQuery(list(1000))).toBe(true)
    expect(shouldPersistQuery(list(1001))).toBe(false)
    expect(shouldPersistQuery({ state: { status: 'success', data: null } })).toBe(true)
    expect(shouldPersistQuery({ state: { status: 'error', data: undefined } })).toBe(false)
  })
})

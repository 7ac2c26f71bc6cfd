import { describe, expect, it } from 'vitest'
import { orderInsert, orderUpdate } from '#shared/contract/orders'
import {
  financeInsert,
  purchaseInsert,
  purchaseUpdate,
  warehouseInsert,
} from '#shared/contract/supply-chain'
import { productionReportInsert, productionReportUpdate } from '#shared/contract/production'

type Parsed = {
  success: boolean
  data?: unknown
  error?: { issues: { message: string; path: PropertyKey[] }[] }
}
const field = (r: Parsed, name: string) =>
  r.success ? (r.data as Record<string, unknown>)[name] : `refused: ${r.error?.issues[0]?.message}`
const issues = (r: Parsed) => (r.success ? [] : r.error!.issues.map((i) => [i.path, i.message]))

describe('order fields (SPEC §3)', () => {
  it('a workshop is 1 or 2, as a number or text; empty is not given', () => {
    const w = (Workshop: unknown) =>
      field(orderInsert.safeParse({ OrderNo: 'A', Workshop }), 'Workshop')
    expect(w(1)).toBe(1)
    expect(w('2')).toBe(2)
    expect(w(null)).toBeUndefined()
    expect(w('')).toBeUndefined()
    expect(w(undefined)).toBeUndefined()
    expect(w('3')).toMatch(/^refused/)
    expect(w(true)).toMatch(/^refused/)
  })
  it('an update needs an Id, not an order number', () => {
    expect(orderUpdate.safeParse({ Id: 3 }).success).toBe(true)
    expect(orderInsert.safeParse({}).success).toBe(false)
  })
})

describe('records tied to an order (DESIGN §5)', () => {
  it('name their order by Id (a number or text) or by number; 0, null and "" are neither', () => {
    expect(field(purchaseInsert.safeParse({ OrderId: '7' }), 'OrderId')).toBe(7)
    expect(field(purchaseInsert.safeParse({ OrderId: 7 }), 'OrderId')).toBe(7)
    expect(field(purchaseInsert.safeParse({ OrderNo: 'A-1' }), 'OrderNo')).toBe('A-1')
    for (const OrderId of [0, null, '', undefined]) {
      expect(issues(purchaseInsert.safeParse({ OrderId })), String(OrderId)).toEqual([
        [['OrderNo'], 'orderNoRequired'],
      ])
      expect(field(purchaseInsert.safeParse({ OrderId, OrderNo: 'A' }), 'OrderId')).toBeUndefined()
    }
    expect(issues(purchaseInsert.safeParse({ OrderNo: '  ' }))).toEqual([
      [['OrderNo'], 'orderNoRequired'],
    ])
    expect(purchaseInsert.safeParse({}).error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['OrderNo'], message: 'orderNoRequired' }),
    ])
    expect(issues(financeInsert.safeParse({ OrderId: -2 }))).toEqual([
      [['OrderId'], 'orderNotFound'],
    ])
    expect(issues(financeInsert.safeParse({ OrderId: 'x' }))).toEqual([
      [['OrderId'], 'orderNotFound'],
    ])
    expect(issues(financeInsert.safeParse({ OrderId: 1.5 }))).toEqual([
      [['OrderId'], 'orderNotFound'],
    ])
    // an update may leave the order out
    expect(purchaseUpdate.safeParse({ Id: 1 }).success).toBe(true)
  })

  it('a purchase unit is kg, pcs, t or m; empty is not given', () => {
    const u = (Unit: unknown) => field(purchaseInsert.safeParse({ OrderId: 1, Unit }), 'Unit')
    expect(u(' t ')).toBe('t')
    expect(u('pcs')).toBe('pcs')
    expect(u(null)).toBeUndefined()
    expect(u('  ')).toBeUndefined()
    expect(u('')).toBeUndefined()
    expect(u('KG')).toBe('refused: unit')
    expect(u(5)).toBe('refused: unit')
  })

  it('a direction or entry type is 1 or 2, as a number or text; empty is not given', () => {
    const d = (Direction: unknown) =>
      field(warehouseInsert.safeParse({ OrderId: 1, Direction }), 'Direction')
    expect(d('2')).toBe(2)
    expect(d(1)).toBe(1)
    expect(d(null)).toBeUndefined()
    expect(d('')).toBeUndefined()
    expect(d(undefined)).toBeUndefined()
    expect(d('0')).toMatch(/^refused/)
    expect(d(true)).toMatch(/^refused/)
    expect(field(financeInsert.safeParse({ OrderId: 1, EntryType: '1' }), 'EntryType')).toBe(1)
  })
})

describe('production reports (SPEC §7)', () => {
  const base = { ReportDateString: '2026-03-04', Workshop: ' 一车间 ' }
  it('an order is optional: 0, "0", null and "" mean none; text is read as a number', () => {
    expect(field(productionReportInsert.safeParse(base), 'Workshop')).toBe('一车间')
    for (const OrderId of [0, '0', null, ''])
      expect(
        field(productionReportInsert.safeParse({ ...base, OrderId }), 'OrderId'),
      ).toBeUndefined()
    expect(field(productionReportInsert.safeParse({ ...base, OrderId: '5' }), 'OrderId')).toBe(5)
    expect(field(productionReportInsert.safeParse({ ...base, OrderId: 5 }), 'OrderId')).toBe(5)
    expect(field(productionReportInsert.safeParse({ ...base, OrderId: -5 }), 'OrderId')).toBe(
      'refused: orderNotFound',
    )
    // only text is read as a number: true is no order Id 1
    expect(field(productionReportInsert.safeParse({ ...base, OrderId: true }), 'OrderId')).toBe(
      'refused: orderNotFound',
    )
  })
  it('a workshop is required on insert and at most 50 characters', () => {
    expect(field(productionReportInsert.safeParse({ ...base, Workshop: null }), 'Workshop')).toBe(
      'refused: required',
    )
    expect(
      field(productionReportInsert.safeParse({ ReportDateString: '2026-03-04' }), 'Workshop'),
    ).toBe('refused: required')
    expect(
      field(productionReportInsert.safeParse({ ...base, Workshop: 'x'.repeat(51) }), 'Workshop'),
    ).toBe('refused: tooLong')
    expect(productionReportUpdate.safeParse({ Id: 1 }).success).toBe(true)
  })
})

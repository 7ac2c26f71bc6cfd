import { describe, expect, it } from 'vitest'
import { auditResetChanges } from '#shared/contract/audit-reset'

describe('auditResetChanges', () => {
  it('compares a yes/no field as yes/no and a figure as a number (mutation survivors)', () => {
    expect(auditResetChanges('Order', { RoughForging: true }, { RoughForging: '1' })).toEqual([])
    expect(auditResetChanges('Order', { RoughForging: '1' }, { RoughForging: true })).toEqual([])
    expect(auditResetChanges('Order', { RoughForging: false }, { RoughForging: 0 })).toEqual([])
    expect(auditResetChanges('Order', { Quantity: 12 }, { Quantity: '12.0' })).toEqual([])
    expect(auditResetChanges('Order', { Quantity: '12.0' }, { Quantity: 12 })).toEqual([])
    // only the order link is skipped when the order is named by number
    expect(
      auditResetChanges('Purchase', { Quantity: 1, OrderNo: 'A' }, { Quantity: 2, OrderNo: 'A' }),
    ).toEqual([{ field: 'Quantity', from: 1, to: 2 }])
  })

  it('a field cleared, or filled for the first time, is a change', () => {
    expect(auditResetChanges('Order', { PartName: '法兰' }, { PartName: '' })).toEqual([
      { field: 'PartName', from: '法兰', to: '' },
    ])
    expect(auditResetChanges('Order', { PartName: '' }, { PartName: '法兰' })).toEqual([
      { field: 'PartName', from: '', to: '法兰' },
    ])
    expect(auditResetChanges('Order', { PartName: null }, { PartName: '法兰' })).toEqual([
      { field: 'PartName', from: null, to: '法兰' },
    ])
    expect(auditResetChanges('Purchase', { Quantity: 10 }, { Quantity: null })).toEqual([
      { field: 'Quantity', from: 10, to: null },
    ])
    expect(auditResetChanges('Purchase', { Quantity: 0 }, { Quantity: '' })).toEqual([
      { field: 'Quantity', from: 0, to: '' },
    ])
  })

  it('empty, null and a missing value are the same, so are 12 and "12", true and 1', () => {
    expect(auditResetChanges('Order', { PartName: null }, { PartName: '' })).toEqual([])
    expect(auditResetChanges('Order', {}, { PartName: '' })).toEqual([])
    expect(auditResetChanges('Order', { Quantity: 12 }, { Quantity: '12' })).toEqual([])
    expect(auditResetChanges('Order', { RoughForging: 1 }, { RoughForging: true })).toEqual([])
    expect(auditResetChanges('Order', { RoughForging: 0 }, { RoughForging: false })).toEqual([])
    expect(auditResetChanges('Order', { RoughForging: true }, { RoughForging: '0' })).toEqual([
      { field: 'RoughForging', from: true, to: '0' },
    ])
    expect(auditResetChanges('Order', { Quantity: 12 }, { Quantity: '12.5' })).toEqual([
      { field: 'Quantity', from: 12, to: '12.5' },
    ])
    expect(auditResetChanges('Order', { Customer: 'A' }, { Customer: 'B' })).toEqual([
      { field: 'Customer', from: 'A', to: 'B' },
    ])
  })

  it('a field the update leaves out, or one of another kind, is no change', () => {
    expect(auditResetChanges('Order', { PartName: '法兰' }, { PartName: undefined })).toEqual([])
    expect(auditResetChanges('Order', { PartName: '法兰' }, {})).toEqual([])
    expect(auditResetChanges('NoSuchKind', { PartName: '法兰' }, { PartName: '' })).toEqual([])
    expect(auditResetChanges('SupplierForm', { Remark: 'a' }, { Remark: 'b' })).toEqual([])
  })

  it('an order named by number is compared by number, not by Id', () => {
    expect(
      auditResetChanges('Purchase', { OrderId: 1, OrderNo: 'A' }, { OrderId: 2, OrderNo: 'A' }),
    ).toEqual([])
    expect(
      auditResetChanges('Purchase', { OrderId: 1, OrderNo: 'A' }, { OrderId: 2, OrderNo: '' }),
    ).toEqual([
      { field: 'OrderId', from: 1, to: 2 },
      { field: 'OrderNo', from: 'A', to: '' },
    ])
    expect(auditResetChanges('Purchase', { OrderId: 1, OrderNo: 'A' }, { OrderId: 2 })).toEqual([
      { field: 'OrderId', from: 1, to: 2 },
    ])
  })
})

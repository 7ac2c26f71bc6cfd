import { describe, expect, it } from 'vitest'
import {
  addRow,
  emptyEdits,
  hasEdits,
  placeServerErrors,
  planSave,
  removeRows,
  setCell,
  shownRows,
  unsetCell,
} from '#client/features/orders/grid/grid-edits'
import { orderGrid } from '#client/features/orders/kinds/order-grids'
import { purchaseGrid } from '#client/features/orders/kinds/supply-grids'

const saved = [
  { Id: 7, OrderNo: 'SO-7', Quantity: 10, UnitPrice: 2, TotalSum: 20 },
  { Id: 8, OrderNo: 'SO-8', Quantity: 1, UnitPrice: 1, TotalSum: 1 },
]

describe('grid edits', () => {
  it('collects new, changed and removed rows into one save, with totals recomputed on screen', () => {
    let e = addRow(emptyEdits, {
      ...orderGrid.newRow(),
      OrderNo: 'SO-NEW',
      Quantity: '3',
      UnitPrice: '1.5',
    })
    e = setCell(e, 7, 'Quantity', '12')
    e = removeRows(e, [8])
    expect(hasEdits(e)).toBe(true)
    const rows = shownRows(saved, e)
    expect(rows.map((r) => r.Id)).toEqual([-1, 7])
    expect(rows[0]).toMatchObject({ TotalSum: 4.5 })
    expect(rows[1]).toMatchObject({ Quantity: '12', TotalSum: 24 })
    const plan = planSave(orderGrid, e)
    expect(plan.errors).toEqual({})
    expect(plan.postData.insertRecords).toEqual([
      expect.objectContaining({ OrderNo: 'SO-NEW', Quantity: 3, UnitPrice: 1.5, PriceSign: '¥' }),
    ])
    expect(plan.postData.updateRecords).toEqual([{ Id: 7, Quantity: 12 }])
    expect(plan.postData.removeRecords).toEqual([{ Id: 8 }])
  })

  it('a cell set back to its saved value is no longer a change (Escape in the grid)', () => {
    let e = setCell(setCell(emptyEdits, 7, 'Quantity', '12'), 7, 'UnitPrice', '3')
    e = unsetCell(e, 7, 'Quantity')
    expect(e.changed).toEqual({ 7: { UnitPrice: '3' } })
    e = unsetCell(e, 7, 'UnitPrice')
    expect(hasEdits(e)).toBe(false)
    expect(unsetCell(e, 8, 'Quantity')).toEqual(e)
  })

  it('refuses the SPEC §5 mistakes before sending, cell by cell', () => {
    let e = addRow(emptyEdits, {
      ...orderGrid.newRow(),
      OrderNo: ' ',
      Quantity: '-1',
      UnitPrice: '1.2345',
    })
    e = setCell(e, 7, 'Quantity', '2.5')
    const plan = planSave(orderGrid, e)
    expect(plan.errors[-1]).toEqual({
      OrderNo: 'orderNoRequired',
      Quantity: 'nonNegative',
      UnitPrice: 'decimals3',
    })
    expect(plan.errors[7]).toEqual({ Quantity: 'integer' })
    // a purchase needs its order
    const p = planSave(purchaseGrid, addRow(emptyEdits, purchaseGrid.newRow()))
    expect(p.errors[-1]).toMatchObject({ OrderNo: 'orderNoRequired' })
  })

  it('places the server errors on the rows they belong to', () => {
    let e = addRow(emptyEdits, { ...orderGrid.newRow(), OrderNo: 'A' })
    e = addRow(e, { ...orderGrid.newRow(), OrderNo: 'B' })
    e = setCell(e, 7, 'OrderNo', 'SO-8')
    const plan = planSave(orderGrid, e)
    const placed = placeServerErrors(
      {
        'postData.insertRecords.1.OrderNo': 'taken',
        'postData.updateRecords.0.OrderNo': 'taken too',
      },
      plan,
    )
    expect(placed).toEqual({
      [plan.insertIds[1]!]: { OrderNo: 'taken' },
      7: { OrderNo: 'taken too' },
    })
    // a new row dropped before saving simply disappears
    expect(removeRows(e, [plan.insertIds[0]!]).added).toHaveLength(1)
  })
})

import { describe, expect, it } from 'vitest'
import {
  emptyEdits,
  planSave,
  removeRows,
  setCell,
  withBase,
} from '#client/features/orders/grid/grid-edits'
import {
  clashesFrom,
  keepMine,
  takeTheirs,
  clashCellErrors,
} from '#client/features/orders/grid/grid-clashes'
import { pendingOf, restoreRefused } from '#client/features/orders/grid/pending-saves'
import type { GridSaveVariables } from '#client/features/orders/api/post-grid-save'
import { ApiError } from '#client/lib/http'
import { orderGrid } from '#client/features/orders/kinds/order-grids'

const clash = (over: Record<string, unknown> = {}) => ({
  Id: 7,
  field: 'Remark',
  base: 'old',
  current: 'office',
  currentBy: '王丽',
  currentAt: '2026-12-07T10:42:00Z',
  mine: 'floor',
  currentVersion: 5,
  ...over,
})

describe('grid edits say which version they started from', () => {
  it('sends the version a row had when its edit started, not a later one', () => {
    let e = withBase(setCell(emptyEdits, 7, 'Remark', 'floor'), 7, 3)
    // the list was read again meanwhile (version 4): the edit still started from 3
    e = withBase(setCell(e, 7, 'Quantity', 5), 7, 4)
    e = removeRows(withBase(e, 8, 9), [8])
    const plan = planSave(orderGrid, e)
    expect(plan.postData.updateRecords).toEqual([
      expect.objectContaining({ Id: 7, Remark: 'floor', Quantity: 5, RowVersion: 3 }),
    ])
    expect(plan.postData.removeRecords).toEqual([{ Id: 8, RowVersion: 9 }])
  })

  it('a row without a version saves as before versions existed', () => {
    const plan = planSave(orderGrid, withBase(setCell(emptyEdits, 7, 'Remark', 'x'), 7, undefined))
    expect(plan.postData.updateRecords?.[0]).not.toHaveProperty('RowVersion')
  })

  it('an offline save keeps the version of when the edit was made, and it comes back with a refused save', () => {
    const plan = planSave(orderGrid, withBase(setCell(emptyEdits, 7, 'Remark', 'floor'), 7, 3))
    const queued: GridSaveVariables = {
      postUrl: 'SaveOrder',
      kind: 'Order',
      postData: plan.postData,
      idempotencyKey: 'k1',
      queuedOffline: true,
    }
    // stored in the outbox as made: a reload (JSON) keeps the version
    const stored = JSON.parse(JSON.stringify(queued)) as GridSaveVariables
    expect(stored.postData.updateRecords?.[0]).toMatchObject({ Id: 7, RowVersion: 3 })
    // the waiting row shows the value, not the version as a changed field
    expect(pendingOf([stored]).waiting[7]).toEqual({ Remark: true })
    expect(pendingOf([stored]).changed[7]).toEqual({ Remark: 'floor' })
    const back = restoreRefused(emptyEdits, stored, new ApiError(409, 'changed'))
    expect(back.edits.changed[7]).toEqual({ Remark: 'floor' })
    expect(back.edits.bases).toEqual({ 7: 3 })
  })
})

describe('a clash on a grid row', () => {
  it('groups the conflicts by row and marks the clashing cells', () => {
    const found = clashesFrom([clash(), clash({ field: 'Quantity' }), clash({ Id: 8 })], [8])
    expect(Object.keys(found)).toEqual(['7', '8'])
    expect(found[8]!.deleting).toBe(true)
    expect(clashCellErrors(found, (c) => `by ${c.currentBy}`)).toEqual({
      7: { Remark: 'by 王丽', Quantity: 'by 王丽' },
      8: { Remark: 'by 王丽' },
    })
  })

  it('Keep mine keeps the edit and saves it from the current version', () => {
    const e = withBase(setCell(emptyEdits, 7, 'Remark', 'floor'), 7, 3)
    const next = keepMine(e, 7, clashesFrom([clash()], [])[7]!)
    const plan = planSave(orderGrid, next)
    expect(plan.postData.updateRecords?.[0]).toMatchObject({ Remark: 'floor', RowVersion: 5 })
  })

  it('Keep mine on a delete deletes again from the current version', () => {
    const next = keepMine(emptyEdits, 7, clashesFrom([clash({ mine: null })], [7])[7]!)
    expect(planSave(orderGrid, next).postData.removeRecords).toEqual([{ Id: 7, RowVersion: 5 }])
  })

  it('Take theirs drops the clashing field, keeps the other edits of the row from the new version', () => {
    let e = withBase(setCell(emptyEdits, 7, 'Remark', 'floor'), 7, 3)
    e = setCell(e, 7, 'Quantity', 4)
    const next = takeTheirs(e, 7, clashesFrom([clash()], [])[7]!)
    expect(next.changed[7]).toEqual({ Quantity: 4 })
    expect(planSave(orderGrid, next).postData.updateRecords?.[0]).toMatchObject({
      Quantity: 4,
      RowVersion: 5,
    })
    const only = takeTheirs(
      withBase(setCell(emptyEdits, 7, 'Remark', 'x'), 7, 3),
      7,
      clashesFrom([clash()], [])[7]!,
    )
    expect(only.changed).toEqual({})
  })

  it('Take theirs of a record deleted since drops its whole edit', () => {
    const e = withBase(setCell(setCell(emptyEdits, 7, 'Remark', 'x'), 7, 'Quantity', 2), 7, 3)
    const gone = clash({ field: 'Id', deleted: true, current: null })
    expect(takeTheirs(e, 7, clashesFrom([gone], [])[7]!).changed).toEqual({})
  })
})

import { describe, expect, it } from 'vitest'
import type { GridSaveVariables } from '#client/features/orders/api/post-grid-save'
import {
  dropRefused,
  pendingOf,
  restoreRefused,
  withPending,
} from '#client/features/orders/grid/pending-saves'
import { emptyEdits, setCell } from '#client/features/orders/grid/grid-edits'
import { ApiError } from '#client/lib/http'
import type { GridRow } from '#client/features/orders/grid/grid-config'

const save = (postData: GridSaveVariables['postData'], n: number): GridSaveVariables => ({
  postUrl: 'SaveOrder',
  kind: 'Order',
  postData,
  idempotencyKey: `key-${n}`,
  queuedOffline: true,
})

describe('saves waiting in the outbox, as the grid shows them', () => {
  it('keeps the values of every waiting save of a row: a later save adds its fields and wins on the same field', () => {
    const p = pendingOf([
      save({ updateRecords: [{ Id: 5, Quantity: 3, Remark: 'first' }] }, 1),
      save({ updateRecords: [{ Id: 5, PartName: 'flange' }] }, 2),
      save({ updateRecords: [{ Id: 5, Remark: 'second' }] }, 3),
    ])
    expect(p.changed[5]).toEqual({ Quantity: 3, Remark: 'second', PartName: 'flange' })
    expect(p.waiting[5]).toEqual({ Quantity: true, Remark: true, PartName: true })
  })

  it('shows waiting rows added offline first, removed rows gone, changed rows with their values', () => {
    const rows = [
      { Id: 5, Quantity: 1, UnitPrice: 2, TotalSum: 2, Remark: '' },
      { Id: 6, Quantity: 1, UnitPrice: 1, TotalSum: 1, Remark: '' },
    ] as unknown as GridRow[]
    const p = pendingOf([
      save({ updateRecords: [{ Id: 5, Quantity: 4 }] }, 1),
      save({ removeRecords: [{ Id: 6 }], insertRecords: [{ OrderNo: 'N1', Quantity: 2 }] }, 2),
    ])
    const shown = withPending(rows, p)
    expect(shown.map((r) => r.Id)).toEqual([p.added[0]!.Id, 5])
    expect(p.added[0]!.Id).toBeLessThan(-1_000_000)
    expect(shown[1]).toMatchObject({ Id: 5, Quantity: 4, TotalSum: 8 })
    expect(p.removed).toEqual(new Set([6]))
  })
})

describe('a refused save discarded leaves the grid as saved', () => {
  it('takes back the refused values and rows, keeps what was typed since and other rows', () => {
    const v = save(
      {
        updateRecords: [{ Id: 7, RowVersion: 3, Quantity: 4321, Remark: 'rush' }],
        insertRecords: [{ OrderNo: 'FL-NEW', Quantity: 5 }],
      },
      1,
    )
    const { edits, errors } = restoreRefused(
      setCell(emptyEdits, 9, 'Quantity', 12),
      v,
      new ApiError(400, 'bad', { 'postData.updateRecords.0.Quantity': 'max' }),
    )
    expect(edits.changed[7]).toEqual({ Quantity: 4321, Remark: 'rush' })
    expect(edits.bases?.[7]).toBe(3)
    expect(edits.added).toHaveLength(1)
    expect(errors[7]).toBeDefined()
    // the user typed another remark since the refusal
    const typed = setCell(edits, 7, 'Remark', 'rush, call first')

    const back = dropRefused(typed, errors, v)
    expect(back.edits.changed).toEqual({ 7: { Remark: 'rush, call first' }, 9: { Quantity: 12 } })
    expect(back.edits.bases?.[7]).toBe(3)
    expect(back.edits.added).toEqual([])
    expect(back.errors[7]?.Quantity).toBeUndefined()

    // nothing typed since: the row is no longer edited and its next edit starts afresh
    const clean = dropRefused(edits, errors, v)
    expect(clean.edits.changed).toEqual({ 9: { Quantity: 12 } })
    expect(clean.edits.bases?.[7]).toBeUndefined()
    expect(clean.errors).toEqual({})
  })
})

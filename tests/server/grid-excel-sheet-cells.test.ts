import { describe, expect, it } from 'vitest'
import { AppError } from '#server/errors'
import { sheetCells, sheetMaxTextChars } from '#server/modules/grid-excel/sheet-cells'
import type { CellSource } from '#server/modules/grid-excel/read-sheet'

/** A sheet of `rows` rows, each with one text cell of `chars` characters under one header. */
const sheet = (rows: number, chars: number): CellSource => {
  const text = 'x'.repeat(chars)
  return {
    rowCount: rows,
    header: new Map([[1, { value: 'Remark' }]]),
    eachRow(cb) {
      for (let n = 2; n < rows + 2; n++) cb(n, () => ({ value: text }))
    },
  }
}
const refusal = (source: CellSource) => {
  try {
    sheetCells(source)
    return undefined
  } catch (e) {
    return e instanceof AppError ? { key: e.messageKey, params: e.params } : e
  }
}

describe('the text an import hands over', () => {
  it('refuses a sheet whose cells hold more than 16 million characters in all, naming the limit', () => {
    expect(sheetMaxTextChars).toBe(16 * 1024 * 1024)
    // 600 cells of 30,000 characters (under Excel's 32,767 per cell): 18 million in all
    expect(refusal(sheet(600, 30_000))).toEqual({ key: 'importTooMuchText', params: { max: 16 } })
  })

  it('takes a sheet just under the limit whole', () => {
    // 500 cells of 30,000 characters: 15 million (the header adds six)
    const cells = sheetCells(sheet(500, 30_000))
    expect(cells.rows).toHaveLength(500)
    expect(cells.rows[0]![1][0]![1]).toEqual({ value: 'x'.repeat(30_000) })
  })

  it('cuts a cell to one character past what Excel keeps', () => {
    const cells = sheetCells(sheet(1, 40_000))
    expect((cells.rows[0]![1][0]![1].value as string).length).toBe(32_768)
  })
})

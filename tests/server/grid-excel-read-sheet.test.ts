import { describe, expect, it } from 'vitest'
import { gridImportMaxRows } from '#shared/contract/grid-excel'
import { AppError } from '#server/errors'
import type { Read } from '#server/modules/grid-excel/cell-value'
import { gridImporter } from '#server/modules/grid-excel/importers'
import { readSheet, type CellSource } from '#server/modules/grid-excel/read-sheet'
import { orderKind, purchaseKind } from '#server/modules/orders/kinds'

/**
 * How the import reads a worksheet's cells (`readSheet`), tested directly on cells:
 * which headers name which column, which are skipped quietly or reported, the row limits, and
 * the records and refused cells of the rows.
 */
const order = gridImporter(orderKind)!
const purchase = gridImporter(purchaseKind)!

type Cell = Read | string | number | boolean | Date | undefined
const asRead = (c: Cell): Read =>
  c === undefined ? {} : typeof c === 'object' && !(c instanceof Date) ? c : { value: c }

/** A sheet of a header row and data rows (numbered from 2 unless given), with its declared row count. */
function source(
  header: Cell[],
  rows: (Cell[] | [number, Cell[]])[],
  rowCount = rows.length,
): CellSource {
  const numbered = rows.map((r, i): [number, Cell[]] =>
    typeof r[0] === 'number' && Array.isArray(r[1])
      ? (r as [number, Cell[]])
      : [i + 2, r as Cell[]],
  )
  return {
    rowCount,
    header: new Map(
      header.flatMap((c, i): [number, Read][] => (c === undefined ? [] : [[i + 1, asRead(c)]])),
    ),
    eachRow(cb) {
      for (const [n, cells] of numbered) cb(n, (col) => asRead(cells[col - 1]))
    },
  }
}
const read = (s: CellSource, importer = order, lang: 'en' | 'zh' = 'en') =>
  readSheet(s, importer.name, importer.columns, importer.known, lang)
async function refusal(p: Promise<unknown>) {
  try {
    await p
    return 'read'
  } catch (e) {
    if (e instanceof AppError) return { key: e.messageKey, params: e.params }
    throw e
  }
}

describe('readSheet: the header row', () => {
  it('takes the field name or either label, in any case, with spaces, stars and colons around', async () => {
    const sheet = await read(
      source(
        [
          ' ORDER NUMBER * ',
          '客户：',
          'partname',
          'Quantity:',
          '单 价＊',
          'Material source',
          '材料',
        ],
        [['A-1', 'c', 'p', 3, 1.5, '客供料', '自购料']],
      ),
    )
    expect(sheet.present.map((c) => c.field)).toEqual([
      'OrderNo',
      'Customer',
      'PartName',
      'Quantity',
      'UnitPrice',
      'Workshop',
    ])
    // a former label and the current one name the same column: the first in the file wins
    expect(sheet.ignoredColumns).toEqual(['材料'])
    expect(sheet.rows[0]!.record).toEqual({
      OrderNo: 'A-1',
      Customer: 'c',
      PartName: 'p',
      Quantity: 3,
      UnitPrice: 1.5,
      Workshop: 1,
    })
  })

  it('skips export-only headers quietly, reports unknown and repeated ones (cut to 50 characters), ignores blank ones', async () => {
    const long = `${'x'.repeat(49)}yz`
    const sheet = await read(
      source(
        [
          'Id',
          '订单号',
          '总金额',
          'Audit',
          '创建时间',
          '  ',
          'Quantity',
          'quantity',
          long,
          7,
          '__proto__',
        ],
        [['', 'A-2', 99, 1, 'x', 'y', 4, 5, 'w', 'v', 'p']],
      ),
    )
    expect(sheet.present.map((c) => c.field)).toEqual(['OrderNo', 'Quantity'])
    expect(sheet.ignoredColumns).toEqual(['quantity', `${'x'.repeat(49)}y`, '7', '__proto__'])
    // the repeated column's cells are not read: the first Quantity column counts
    expect(sheet.rows).toEqual([
      { row: 2, record: { OrderNo: 'A-2', Quantity: 4 }, refused: new Set() },
    ])
    expect(Object.getPrototypeOf(sheet.rows[0]!.record)).toBeNull()
  })

  it('reads a date header as its ISO text (an unknown column), a header cell without a value as blank', async () => {
    const sheet = await read(
      source(
        ['订单号', new Date(Date.UTC(2025, 0, 2)), { problem: 'importCellError' }, {}],
        [['A-3', 'x', 'y', 'z']],
      ),
    )
    expect(sheet.ignoredColumns).toEqual(['2025-01-02T00:00:00.000Z'])
  })

  it('refuses a header naming no importable column, export-only ones included', async () => {
    const noColumns = { key: 'importNoColumns', params: undefined }
    expect(await refusal(read(source(['Foo', 'Bar'], [['1', '2']])))).toEqual(noColumns)
    expect(await refusal(read(source(['Id', 'TotalSum', '审核'], [[1, 2, 3]])))).toEqual(noColumns)
    expect(await refusal(read(source([], [])))).toEqual(noColumns)
    // Id is a column of kinds matched by Id
    expect((await read(source(['Id'], [[5]]), purchase)).present).toEqual([
      { field: 'Id', type: 'int' },
    ])
  })
})

describe('readSheet: the rows', () => {
  it(`refuses a sheet declaring more than ${gridImportMaxRows} data rows before reading them`, async () => {
    const tooMany = { key: 'importTooManyRows', params: { max: gridImportMaxRows } }
    let read0 = 0
    const s = source(['订单号'], [['A']], gridImportMaxRows + 1)
    const counting: CellSource = { ...s, eachRow: (cb) => (read0++, s.eachRow(cb)) }
    expect(await refusal(read(counting))).toEqual(tooMany)
    expect(read0).toBe(0)
    expect(await refusal(read(source(['订单号'], [['A']], gridImportMaxRows)))).toBe('read')
  })

  it(`refuses more than ${gridImportMaxRows} filled rows whatever the sheet declares; blank rows do not count`, async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`N-${i}`])
    const tooMany = { key: 'importTooManyRows', params: { max: gridImportMaxRows } }
    expect(await refusal(read(source(['订单号'], rows(gridImportMaxRows + 1), 1)))).toEqual(tooMany)
    const blanks = Array.from({ length: 50 }, () => ['  '])
    const sheet = await read(source(['订单号'], [...rows(gridImportMaxRows), ...blanks], 1))
    expect(sheet.rows).toHaveLength(gridImportMaxRows)
  })

  it('keeps only rows with a value in a read column, with their sheet row numbers and typed values', async () => {
    const sheet = await read(
      source(
        ['订单号', '毛坯锻件', '开工日期', '材料', 'Unknown', '单价'],
        [
          [3, ['A-4', '是', 45658, 'Self-purchased', 'x', 0]],
          [4, [undefined, ' ', undefined, undefined, 'only here', undefined]],
          [5, []],
          [9, [undefined, '否', undefined, undefined, undefined, undefined]],
        ],
      ),
    )
    expect(sheet.rows).toEqual([
      {
        row: 3,
        record: {
          OrderNo: 'A-4',
          RoughForging: true,
          JobStartTimeString: '2025-01-01',
          Workshop: 2,
          UnitPrice: 0,
        },
        refused: new Set(),
      },
      { row: 9, record: { RoughForging: false }, refused: new Set() },
    ])
    expect(sheet.rejected).toEqual([])
  })

  it('refuses formula cells without a result and error cells, in the language asked, keeping the rest of the row', async () => {
    const header = ['OrderNo', 'Quantity', 'Customer', 'UnitPrice']
    const rows: Cell[][] = [
      ['F-1', { problem: 'importFormula' }, 'c', 2],
      [undefined, { problem: 'importCellError' }, undefined, { problem: 'importCellError' }],
    ]
    const en = await read(source(header, rows))
    expect(en.rows).toEqual([
      {
        row: 2,
        record: { OrderNo: 'F-1', Customer: 'c', UnitPrice: 2 },
        refused: new Set(['Quantity']),
      },
      { row: 3, record: {}, refused: new Set(['Quantity', 'UnitPrice']) },
    ])
    expect(en.rejected).toEqual([
      {
        row: 2,
        field: 'Quantity',
        column: 'Quantity',
        reason: 'A formula cell without a saved result; paste it as values and import again',
      },
      {
        row: 3,
        field: 'Quantity',
        column: 'Quantity',
        reason: 'The cell holds an error value (such as #N/A)',
      },
      {
        row: 3,
        field: 'UnitPrice',
        column: 'Unit price',
        reason: 'The cell holds an error value (such as #N/A)',
      },
    ])
    const zh = await read(source(header, rows), order, 'zh')
    expect(zh.rejected[2]).toMatchObject({ column: '单价', field: 'UnitPrice' })
    expect(zh.rejected[2]!.reason).not.toBe(en.rejected[2]!.reason)
  })
})

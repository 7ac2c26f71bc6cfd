import { describe, expect, it } from 'vitest'
import { gridImporter } from '#server/modules/grid-excel/importers'
import { readSheet } from '#server/modules/grid-excel/read-sheet'
import { cellSource, type SheetCells } from '#server/modules/grid-excel/sheet-cells'
import { orderKind } from '#server/modules/orders/kinds'

// A file's rows are read a few milliseconds at a time (loop-turns.ts): other requests are
// answered while 10,000 rows are read (bench:import). Counted here as turns of the
// event loop that ran before the read finished; no time is asserted.
describe('reading a large sheet', () => {
  it('lets the event loop turn while it reads, and reads every row in order', async () => {
    const importer = gridImporter(orderKind)!
    const cells: SheetCells = {
      rowCount: 10_000,
      header: [
        [1, { value: '订单号' }],
        [2, { value: '客户' }],
        [3, { value: 'Quantity' }],
      ],
      rows: Array.from({ length: 10_000 }, (_, i) => [
        i + 2,
        [
          [1, { value: `T-${i}` }],
          [2, { value: `客户 ${i}` }],
          [3, { value: i + 1 }],
        ],
      ]),
    }
    let turns = 0
    let reading = true
    const count = () => {
      if (!reading) return
      turns++
      setImmediate(count)
    }
    setImmediate(count)
    const sheet = await readSheet(
      cellSource(cells),
      importer.name,
      importer.columns,
      importer.known,
      'en',
    )
    reading = false
    expect(sheet.rows).toHaveLength(10_000)
    expect(sheet.rows.at(-1)).toMatchObject({ row: 10_001, record: { OrderNo: 'T-9999' } })
    expect(turns).toBeGreaterThan(0)
  })
})

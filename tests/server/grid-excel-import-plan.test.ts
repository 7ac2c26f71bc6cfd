import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { gridPermissions } from '#shared/grid-permissions'
import type { Database } from '#server/db/schema'
import { planImport } from '#server/modules/grid-excel/import-plan'
import {
  gridImporter,
  supplierFormImporter,
  type Importer,
} from '#server/modules/grid-excel/importers'
import type { Sheet, SheetRow } from '#server/modules/grid-excel/read-sheet'
import { orderKind, purchaseKind } from '#server/modules/orders/kinds'
import { supplierFormKind } from '#server/modules/supplier-forms/kind'

/**
 * What an import would do (`planImport`), tested directly: the importers are the
 * app's own, only their stored records come from a map instead of the database, so each rule of
 * the plan (matching, refusals, which fields change, how they are shown, the token) is checked
 * without an app.
 */
type Rec = Record<string, unknown>
const db = {} as Kysely<Database>
const all = gridPermissions([])

/** The importer with `stored` as its records (by key), recording the keys it is asked for. */
function withStored(importer: Importer, stored: Rec[]) {
  const asked: (string | number)[][] = []
  const byKey = new Map(stored.map((r) => [String(r[importer.key]), r]))
  const fake: Importer = {
    ...importer,
    existing: async (_db, keys) => {
      asked.push(keys)
      return new Map(
        keys.flatMap((k) => (byKey.has(String(k)) ? [[String(k), byKey.get(String(k))!]] : [])),
      )
    },
  }
  return { importer: fake, asked }
}
/** A sheet of rows (numbered from 2) with these columns present. */
function sheet(
  importer: Importer,
  fields: string[],
  rows: (Rec | SheetRow)[],
  rejected: Sheet['rejected'] = [],
): Sheet {
  return {
    rows: rows.map((r, i) =>
      'record' in r && 'refused' in r
        ? (r as SheetRow)
        : { row: i + 2, record: r, refused: new Set<string>() },
    ),
    rejected,
    ignoredColumns: [],
    present: fields.map((f) => importer.columns.find((c) => c.field === f)!),
  }
}

const storedOrder = (no: string, more: Rec = {}): Rec => ({
  Id: Number(no.replace(/\D/g, '')) || 1,
  OrderNo: no,
  Customer: 'c',
  PartName: 'p',
  Quantity: 10,
  UnitPrice: 1.5,
  PriceSign: '¥',
  JobStartTimeString: '',
  RoughForging: false,
  Workshop: 0,
  WorkshopSupervisor: '',
  MaterialQuantity: 0,
  MaterialPrice: 0,
  CustomerArea: '',
  Remark: '',
  AuditStatus: 0,
  ...more,
})

describe('planImport: matching rows to stored records', () => {
  it('asks once for the distinct keys of the rows, and plans new rows as inserts', async () => {
    const { importer, asked } = withStored(gridImporter(orderKind)!, [storedOrder('O-1')])
    const plan = await planImport(
      importer,
      sheet(
        importer,
        ['OrderNo', 'Customer', 'PartName', 'Quantity'],
        [
          { OrderNo: ' O-2 ', Customer: 'n', PartName: 'q', Quantity: 2 },
          { OrderNo: 'O-1', Customer: 'c', PartName: 'p', Quantity: 10 },
          { OrderNo: 'O-3', Customer: 'm', PartName: 'r', Quantity: 1 },
        ],
      ),
      db,
      all,
      'en',
    )
    expect(asked).toEqual([['O-2', 'O-1', 'O-3']])
    expect(plan.inserts.map((i) => [i.row, i.record.OrderNo, i.record.Quantity])).toEqual([
      [2, 'O-2', 2],
      [4, 'O-3', 1],
    ])
    expect(plan).toMatchObject({ updates: [], unchanged: 1, rejected: [] })
  })

  it('refuses a key given twice (the later row), an unknown Id and an Id that is no whole positive number', async () => {
    const base = gridImporter(purchaseKind)!
    const { importer, asked } = withStored(base, [
      { Id: 7, OrderNo: 'O-1', Supplier: 's', Material: 'm', Quantity: 1 },
    ])
    const plan = await planImport(
      importer,
      sheet(
        importer,
        ['Id', 'Supplier'],
        [
          { Id: 7, Supplier: 's' },
          { Id: ' 7 ', Supplier: 't' },
          { Id: 8, Supplier: 'u' },
          { Id: 'abc', Supplier: 'v' },
          { Id: 0, Supplier: 'w' },
          { Id: -3, Supplier: 'x' },
          { Id: 1.5, Supplier: 'y' },
        ],
      ),
      db,
      all,
      'en',
    )
    expect(asked).toEqual([[7, 8]])
    expect(plan.rejected.map((r) => [r.row, r.field, r.column, r.reason])).toEqual([
      [3, 'Id', 'Id', 'This record appears twice in the file'],
      [4, 'Id', 'Id', 'No record has this Id (leave the Id empty for a new record)'],
      [5, 'Id', 'Id', 'No record has this Id (leave the Id empty for a new record)'],
      [6, 'Id', 'Id', 'No record has this Id (leave the Id empty for a new record)'],
      [7, 'Id', 'Id', 'No record has this Id (leave the Id empty for a new record)'],
      [8, 'Id', 'Id', 'No record has this Id (leave the Id empty for a new record)'],
    ])
    expect(plan.unchanged).toBe(1)
  })

  it('leaves out rows with refused cells, keeps the sheet refusals and sorts all refusals by row', async () => {
    const { importer, asked } = withStored(gridImporter(orderKind)!, [])
    const refusedRow: SheetRow = {
      row: 2,
      record: { OrderNo: 'R-1' },
      refused: new Set(['Quantity']),
    }
    const fromSheet = [{ row: 2, field: 'Quantity', column: 'Quantity', reason: 'formula' }]
    const plan = await planImport(
      importer,
      sheet(
        importer,
        ['OrderNo', 'Customer', 'PartName', 'Quantity'],
        [
          refusedRow,
          {
            row: 5,
            record: { OrderNo: 'R-2', Customer: 'c', PartName: 'p', Quantity: -1 },
            refused: new Set(),
          },
          {
            row: 3,
            record: { OrderNo: 'R-3', Customer: 'c', PartName: 'p', Quantity: 1 },
            refused: new Set(),
          },
          {
            row: 4,
            record: { OrderNo: 'R-3', Customer: 'c', PartName: 'p', Quantity: 1 },
            refused: new Set(),
          },
        ],
        fromSheet,
      ),
      db,
      all,
      'en',
    )
    expect(asked).toEqual([['R-2', 'R-3']])
    expect(plan.rejected.map((r) => [r.row, r.field])).toEqual([
      [2, 'Quantity'],
      [4, 'OrderNo'],
      [5, 'Quantity'],
    ])
    expect(plan.inserts.map((i) => i.row)).toEqual([3])
  })

  it('reports one refusal per field of a new row (its first), in the language asked', async () => {
    const { importer } = withStored(gridImporter(orderKind)!, [])
    const rows = [{ OrderNo: '', Customer: 'c', PartName: 'p', Quantity: -1, UnitPrice: -1.2345 }]
    const fields = ['OrderNo', 'Customer', 'PartName', 'Quantity', 'UnitPrice']
    const en = await planImport(importer, sheet(importer, fields, rows), db, all, 'en')
    expect(en.rejected).toEqual([
      { row: 2, field: 'OrderNo', column: 'Order number', reason: 'Order number required' },
      { row: 2, field: 'Quantity', column: 'Quantity', reason: 'Must not be less than 0' },
      { row: 2, field: 'UnitPrice', column: 'Unit price', reason: 'Must not be less than 0' },
    ])
    const zh = await planImport(importer, sheet(importer, fields, rows), db, all, 'zh')
    expect(zh.rejected[0]).toEqual({
      row: 2,
      field: 'OrderNo',
      column: '订单号',
      reason: '订单号必填',
    })
    expect(en.inserts).toEqual([])
  })
})

describe('planImport: what a matched row changes', () => {
  it('keeps only the fields that differ, shown as the grid shows them, and counts equal rows as unchanged', async () => {
    const stored = storedOrder('C-1', {
      Quantity: 10,
      UnitPrice: 1.5,
      RoughForging: false,
      Workshop: 1,
      JobStartTimeString: '2026-02-03T00:00:00.000Z',
      Customer: '  Acme ',
      Remark: 'old',
    })
    const { importer } = withStored(gridImporter(orderKind)!, [
      stored,
      storedOrder('C-2', { Remark: 'same' }),
    ])
    const fields = [
      'OrderNo',
      'Customer',
      'Quantity',
      'UnitPrice',
      'RoughForging',
      'Workshop',
      'JobStartTimeString',
      'Remark',
    ]
    const plan = await planImport(
      importer,
      sheet(importer, fields, [
        {
          OrderNo: 'C-1',
          Customer: 'Acme',
          Quantity: 10,
          UnitPrice: 1.5000000001,
          RoughForging: true,
          Workshop: 2,
          JobStartTimeString: '2026-02-03',
          Remark: 'new',
        },
        {
          OrderNo: 'C-2',
          Customer: 'c',
          Quantity: 10,
          UnitPrice: 1.5,
          RoughForging: false,
          Remark: 'same',
        },
      ]),
      db,
      all,
      'en',
    )
    expect(plan.rejected).toEqual([])
    expect(plan.unchanged).toBe(1)
    expect(plan.updates).toHaveLength(1)
    const [update] = plan.updates
    expect(update!.record).toEqual({
      Id: stored.Id,
      RoughForging: true,
      Workshop: 2,
      Remark: 'new',
    })
    expect(update!.change).toEqual({
      row: 2,
      key: 'C-1',
      auditReset: false,
      fields: [
        { field: 'RoughForging', column: 'Rough forging', from: 'No', to: 'Yes' },
        { field: 'Workshop', column: 'Material', from: 'Customer-supplied', to: 'Self-purchased' },
        { field: 'Remark', column: 'Remark', from: 'old', to: 'new' },
      ],
    })
    const zh = await planImport(
      importer,
      sheet(
        importer,
        ['OrderNo', 'RoughForging', 'Workshop'],
        [{ OrderNo: 'C-1', RoughForging: true, Workshop: 2 }],
      ),
      db,
      all,
      'zh',
    )
    expect(zh.updates[0]!.change.fields.slice(0, 2)).toEqual([
      { field: 'RoughForging', column: '毛坯锻件', from: '否', to: '是' },
      { field: 'Workshop', column: '材料', from: '客供料', to: '自购料' },
    ])
  })

  it('reads a blank cell as an empty value, shows days without midnight and an empty choice as nothing', async () => {
    const stored = storedOrder('D-1', {
      Remark: 'to clear',
      Workshop: 0,
      JobStartTimeString: '2026-02-03T00:00:00.000Z',
      Quantity: 5,
    })
    const { importer } = withStored(gridImporter(orderKind)!, [stored])
    const plan = await planImport(
      importer,
      sheet(
        importer,
        ['OrderNo', 'Remark', 'Workshop', 'JobStartTimeString'],
        [{ OrderNo: 'D-1', Workshop: 1, JobStartTimeString: '2026-03-04' }],
      ),
      db,
      all,
      'en',
    )
    expect(plan.rejected).toEqual([])
    expect(plan.updates[0]!.change.fields).toEqual([
      { field: 'Remark', column: 'Remark', from: 'to clear', to: '' },
      { field: 'Workshop', column: 'Material', from: '', to: 'Customer-supplied' },
      { field: 'JobStartTimeString', column: 'Job start', from: '2026-02-03', to: '2026-03-04' },
    ])
  })

  it('leaves columns the role cannot see alone, and never changes the Id', async () => {
    const { importer } = withStored(gridImporter(orderKind)!, [
      storedOrder('H-1', { Remark: 'r', Customer: 'c' }),
    ])
    const hidden = gridPermissions(['column-Remark-show-false'])
    const plan = await planImport(
      importer,
      sheet(
        importer,
        ['OrderNo', 'Remark', 'Customer'],
        [{ OrderNo: 'H-1', Remark: 'changed', Customer: 'd' }],
      ),
      db,
      hidden,
      'en',
    )
    expect(plan.updates[0]!.record).toEqual({ Id: 1, Customer: 'd' })
    const same = await planImport(
      importer,
      sheet(importer, ['OrderNo', 'Remark'], [{ OrderNo: 'H-1', Remark: 'changed' }]),
      db,
      hidden,
      'en',
    )
    expect(same).toMatchObject({ updates: [], unchanged: 1, rejected: [] })
  })

  it('resets the audit of an audited record only for a field of its reset list', async () => {
    const audited = (no: string) => storedOrder(no, { AuditStatus: 1, Remark: 'r', Quantity: 5 })
    const { importer } = withStored(gridImporter(orderKind)!, [
      audited('A-1'),
      audited('A-2'),
      storedOrder('A-3', { Quantity: 5 }),
    ])
    const plan = await planImport(
      importer,
      sheet(
        importer,
        ['OrderNo', 'Quantity', 'Remark'],
        [
          { OrderNo: 'A-1', Quantity: 6, Remark: 'r' },
          { OrderNo: 'A-2', Quantity: 5, Remark: 'other' },
          { OrderNo: 'A-3', Quantity: 6, Remark: '' },
        ],
      ),
      db,
      all,
      'en',
    )
    expect(plan.updates.map((u) => [u.change.key, u.change.auditReset])).toEqual([
      ['A-1', true],
      ['A-2', false],
      ['A-3', false],
    ])
  })

  it('refuses a changed column the importer may not change, and a stored order number made blank', async () => {
    const { importer } = withStored(supplierFormImporter(supplierFormKind), [
      { Id: 3, Company: '常州精锻', Contact: '周', Phone: '13800138000', Remark: '' },
    ])
    const plan = await planImport(
      importer,
      sheet(importer, ['Id', 'Company', 'Remark'], [{ Id: 3, Company: '无锡锻压', Remark: 'x' }]),
      db,
      all,
      'en',
    )
    expect(plan.rejected).toEqual([
      {
        row: 2,
        field: 'Company',
        column: 'Company',
        reason: 'Import cannot change this column (only the remark)',
      },
    ])
    // the same company, written with spaces around: unchanged, only the remark changes
    const fine = await planImport(
      importer,
      sheet(importer, ['Id', 'Company', 'Remark'], [{ Id: 3, Company: ' 常州精锻 ', Remark: 'x' }]),
      db,
      all,
      'en',
    )
    expect(fine.updates.map((u) => u.record)).toEqual([{ Id: 3, Remark: 'x' }])

    const { importer: purchases } = withStored(gridImporter(purchaseKind)!, [
      { Id: 9, OrderNo: 'O-9', Supplier: 's', Material: 'm', Quantity: 1 },
    ])
    const blank = await planImport(
      purchases,
      sheet(purchases, ['Id', 'OrderNo', 'Supplier'], [{ Id: 9, Supplier: 's' }]),
      db,
      all,
      'en',
    )
    expect(blank.rejected.map((r) => [r.row, r.field])).toEqual([[2, 'OrderNo']])
    expect(blank.updates).toEqual([])
  })
})

describe('planImport: the token', () => {
  it('names exactly the plan: the same rows give the same token, another value or kind another', async () => {
    const { importer } = withStored(gridImporter(orderKind)!, [storedOrder('T-1')])
    const fields = ['OrderNo', 'Customer', 'PartName', 'Quantity']
    const plan = (rows: Rec[], i = importer) =>
      planImport(i, sheet(i, fields, rows), db, all, 'en').then((p) => p.token)
    const rows = [
      { OrderNo: 'T-1', Customer: 'c', PartName: 'p', Quantity: 11 },
      { OrderNo: 'T-2', Customer: 'c', PartName: 'p', Quantity: 1 },
    ]
    const token = await plan(rows)
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    expect(await plan(rows)).toBe(token)
    const others = [
      await plan([rows[0]!, { ...rows[1]!, Quantity: 2 }]),
      await plan([{ ...rows[0]!, Quantity: 12 }, rows[1]!]),
      await plan([rows[0]!]),
      await plan([rows[1]!]),
      await plan(rows, { ...importer, name: 'Order2' }),
    ]
    expect(new Set([token, ...others]).size).toBe(others.length + 1)
  })
})

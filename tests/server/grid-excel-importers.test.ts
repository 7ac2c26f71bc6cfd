import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '#server/db/migrate'
import type { NotifyInput } from '#server/modules/notices/notify'
import { openSqlite, type Db } from '#server/db/open'
import {
  gridImporter,
  summaryNotice,
  supplierFormImporter,
} from '#server/modules/grid-excel/importers'
import { orderKind, purchaseKind } from '#server/modules/orders/kinds'
import { supplierFormKind } from '#server/modules/supplier-forms/kind'

/**
 * The importers of `{Kind}/Upload`: which columns, key and updatable fields each
 * has, how it finds stored records (on a migrated SQLite database, no app), and the one notice
 * of an import.
 */
let db: Db
let dir = ''
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-importers-'))
  db = await openSqlite(dir)
  await migrateToLatest(db.db, 'sqlite')
  const now = new Date().toISOString()
  // 1,203 orders (three reads of 500 keys at most), and a purchase of the last one
  const orders = Array.from({ length: 1203 }, (_, i) => ({
    order_no: `EX-${i}`,
    customer: 'c',
    part_name: 'p',
    quantity: i,
    unit_price: 0,
    total_sum: 0,
    price_sign: '¥',
    job_start_time: '',
    rough_forging: 0,
    workshop: 0,
    supervisor_material_qty: 0,
    supervisor_price: 0,
    audit_status: 0,
    audited_by: null,
    created_by: null,
    created_at: now,
  }))
  for (let i = 0; i < orders.length; i += 200)
    await db.db
      .insertInto('orders')
      .values(orders.slice(i, i + 200))
      .execute()
  const last = await db.db
    .selectFrom('orders')
    .select('id')
    .where('order_no', '=', 'EX-1202')
    .executeTakeFirstOrThrow()
  await db.db
    .insertInto('purchase')
    .values({
      order_id: last.id,
      supplier: 's',
      material: 'm',
      quantity: 4,
      unit_price: 0,
      total_sum: 0,
      audit_status: 0,
      audited_by: null,
      created_by: null,
      created_at: now,
    })
    .execute()
})
afterAll(async () => {
  await db?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('gridImporter', () => {
  it('matches orders by number and other records by Id; the key and Id are never updated', () => {
    const order = gridImporter(orderKind)!
    expect(order.key).toBe('OrderNo')
    expect(order.columns[0]).toEqual({ field: 'OrderNo', type: 'text' })
    expect(order.updatable.has('OrderNo')).toBe(false)
    expect(order.updatable.has('Quantity')).toBe(true)
    expect([...order.updatable]).toEqual(
      // the version column is read (rows changed since the export), never written
      order.columns.map((c) => c.field).filter((f) => f !== 'OrderNo' && f !== 'RowVersion'),
    )
    // export-only headers: Id, the computed total, the drawing files, audit and creation time
    expect(order.known).toEqual(['Id', 'TotalSum', 'Drawing', 'AuditStatus', 'CreateTimeString'])

    const purchase = gridImporter(purchaseKind)!
    expect(purchase.key).toBe('Id')
    expect(purchase.columns.slice(0, 2)).toEqual([
      { field: 'Id', type: 'int' },
      { field: 'OrderNo', type: 'text' },
    ])
    expect(purchase.updatable.has('Id')).toBe(false)
    expect(purchase.updatable.has('OrderNo')).toBe(true)
    expect(purchase.known).not.toContain('OrderNo')
    expect(purchase.known[0]).toBe('Id')
  })

  it('finds stored orders by number in parts of 500 keys, as contract rows', async () => {
    const order = gridImporter(orderKind)!
    const keys = [...Array.from({ length: 1203 }, (_, i) => `EX-${i}`), 'EX-none']
    const found = await order.existing(db.db, keys)
    expect(found.size).toBe(1203)
    expect(found.get('EX-0')).toMatchObject({ OrderNo: 'EX-0', Quantity: 0 })
    expect(found.get('EX-1202')).toMatchObject({ OrderNo: 'EX-1202', Quantity: 1202 })
    expect(found.has('EX-none')).toBe(false)
    expect((await order.existing(db.db, [])).size).toBe(0)
  })

  it('finds records tied to an order by Id, with the order number of their order', async () => {
    const purchase = gridImporter(purchaseKind)!
    const [row] = await db.db.selectFrom('purchase').select('id').execute()
    const found = await purchase.existing(db.db, [row!.id, 999_999])
    expect([...found.keys()]).toEqual([String(row!.id)])
    expect(found.get(String(row!.id))).toMatchObject({
      Id: row!.id,
      OrderNo: 'EX-1202',
      Supplier: 's',
      Quantity: 4,
    })
  })
})

describe('supplierFormImporter', () => {
  it("takes the public form's fields, matched by Id, and may change only the remark", () => {
    const forms = supplierFormImporter(supplierFormKind)
    expect(forms.key).toBe('Id')
    expect(forms.columns[0]).toEqual({ field: 'Id', type: 'int' })
    expect(forms.columns.at(-2)).toEqual({ field: 'Remark', type: 'text' })
    expect(forms.columns.at(-1)).toEqual({ field: 'RowVersion', type: 'int' })
    expect(forms.columns.map((c) => c.field)).toContain('Company')
    expect(forms.columns.slice(1, -1).every((c) => c.type === 'text')).toBe(true)
    expect([...forms.updatable]).toEqual(['Remark'])
    expect(forms.known).toEqual(['AuditStatus', 'AuditComment', 'CreateTimeString'])
  })
})

describe('summaryNotice', () => {
  const kind = { label: { zh: '订单', en: 'order' } }
  const notice = (no: string): NotifyInput => ({
    type: 2,
    orderId: 1,
    orderNo: no,
    msg: `新订单 ${no}`,
    msgEn: `New order ${no}`,
  })

  it('sends nothing for no rows, the row’s own notice for one, and one summary for more', () => {
    expect(summaryNotice(kind, [])).toBeUndefined()
    expect(summaryNotice(kind, [notice('N-1')])).toEqual(notice('N-1'))
    expect(summaryNotice(kind, [notice('N-1'), notice('N-2'), notice('N-3')])).toEqual({
      type: 2,
      orderId: 1,
      orderNo: 'N-1',
      msg: '从 Excel 导入了 3 条订单（第一条：订单 N-1），请审核。',
      msgEn: '3 order records imported from Excel (first: order N-1), awaiting approval.',
    })
  })
})

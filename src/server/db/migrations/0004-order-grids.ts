import type { Kysely } from 'kysely'
import { double, withId, type Dialect, type Table } from './column-types.ts'

/**
 * The order grids (DESIGN §5): remark and audit trail on orders and their records,
 * new tables for quality inspections, warehouse movements, finance entries, production
 * reports and supplier forms.
 */
export function orderGrids(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      const text = (name: string) => (t: Table) =>
        t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''))
      const int =
        (name: string, dflt = 0) =>
        (t: Table) =>
          t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt))
      const num = (name: string) => (t: Table) =>
        t.addColumn(name, double, (c) => c.notNull().defaultTo(0))
      /** remark, audit comment, audit time and auditor */
      const audit = (t: Table) =>
        t
          .$call(text('remark'))
          .$call(text('audit_comment'))
          .$call(text('audited_at'))
          .addColumn('audited_by', 'integer')

      const alter = async (table: string, columns: [string, 'text' | 'int'][]) => {
        for (const [name, type] of columns) {
          await db.schema
            .alterTable(table)
            .addColumn(name, type === 'text' ? 'text' : 'integer', (c) =>
              type === 'text' ? c.notNull().defaultTo('') : c,
            )
            .execute()
        }
      }
      const auditColumns: [string, 'text' | 'int'][] = [
        ['remark', 'text'],
        ['audit_comment', 'text'],
        ['audited_at', 'text'],
        ['audited_by', 'int'],
      ]
      await alter('orders', [['workshop_supervisor', 'text'], ...auditColumns])
      for (const t of ['purchase', 'outsourcing']) {
        await alter(t, [['delivery_date', 'text'], ...auditColumns, ['created_by', 'int']])
        await db.schema
          .alterTable(t)
          .addColumn('price_sign', 'text', (c) => c.notNull().defaultTo('¥'))
          .execute()
      }
      await alter('shipment', [...auditColumns, ['created_by', 'int']])

      const child = (name: string) =>
        withId(db.schema.createTable(name), dialect).addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
      const stamps = (t: Table) =>
        t.addColumn('created_by', 'integer').addColumn('created_at', 'text', (c) => c.notNull())

      await child('quality')
        .$call(text('item'))
        .$call(text('inspector'))
        .$call(int('quantity'))
        .$call(int('qualified_quantity'))
        .$call(text('inspect_date'))
        .$call(int('audit_status'))
        .$call(audit)
        .$call(stamps)
        .execute()
      await child('warehouse')
        .$call(text('material'))
        .$call(int('direction', 1))
        .$call(int('quantity'))
        .$call(text('location'))
        .$call(text('handler'))
        .$call(text('move_date'))
        .$call(int('audit_status'))
        .$call(audit)
        .$call(stamps)
        .execute()
      await child('finance')
        .$call(int('entry_type', 1))
        .$call(text('counterparty'))
        .$call(text('item'))
        .$call(int('quantity'))
        .$call(num('unit_price'))
        .$call(num('total_sum'))
        .addColumn('price_sign', 'text', (c) => c.notNull().defaultTo('¥'))
        .$call(text('invoice_no'))
        .$call(text('entry_date'))
        .$call(int('audit_status'))
        .$call(audit)
        .$call(stamps)
        .execute()
      for (const t of ['quality', 'warehouse', 'finance']) {
        await db.schema.createIndex(`${t}_order`).on(t).column('order_id').execute()
      }

      await withId(db.schema.createTable('production_report'), dialect)
        .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
        .addColumn('report_date', 'text', (c) => c.notNull())
        .addColumn('workshop', 'text', (c) => c.notNull())
        .$call(text('process'))
        .$call(text('operator'))
        .$call(int('output_quantity'))
        .$call(int('scrap_quantity'))
        .$call(int('audit_status'))
        .$call(audit)
        .$call(stamps)
        .execute()
      await db.schema
        .createIndex('production_report_day')
        .on('production_report')
        .columns(['report_date', 'workshop'])
        .execute()

      let form = withId(db.schema.createTable('supplier_form'), dialect)
      for (const f of [
        'company',
        'contact',
        'phone',
        'email',
        'address',
        'products',
        'message',
        'ip',
      ])
        form = text(f)(form)
      await form.$call(int('audit_status')).$call(audit).$call(stamps).execute()
    },
  }
}

import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

const base = ['audit_status', 'created_at']
const money = ['quantity', 'unit_price', 'total_sum', 'price_sign']

/** The sortable and filterable columns of every grid, as they were at this migration. */
const gridColumns: Record<string, string[]> = {
  orders: [
    ...base,
    ...money,
    'customer',
    'part_name',
    'job_start_time',
    'rough_forging',
    'workshop',
    'workshop_supervisor',
    'supervisor_material_qty',
    'supervisor_price',
    'customer_area',
    'remark',
  ],
  purchase: [...base, ...money, 'supplier', 'material', 'unit', 'delivery_date', 'remark'],
  outsourcing: [...base, ...money, 'supplier', 'process', 'delivery_date', 'remark'],
  quality: [
    ...base,
    'item',
    'inspector',
    'quantity',
    'qualified_quantity',
    'inspect_date',
    'remark',
  ],
  warehouse: [
    ...base,
    'material',
    'direction',
    'quantity',
    'location',
    'handler',
    'move_date',
    'remark',
  ],
  finance: [
    ...base,
    ...money,
    'entry_type',
    'counterparty',
    'item',
    'invoice_no',
    'entry_date',
    'remark',
  ],
  shipment: [...base, 'carrier', 'tracking_no', 'quantity', 'ship_date', 'address', 'remark'],
  production_report: [
    ...base,
    'report_date',
    'workshop',
    'process',
    'operator',
    'output_quantity',
    'scrap_quantity',
    'remark',
  ],
  supplier_form: [
    ...base,
    'company',
    'contact',
    'phone',
    'email',
    'address',
    'products',
    'message',
    'remark',
  ],
}

/** The operation log's filters: each with the id, so a filtered page is read newest first from the index. */
const logColumns = ['account', 'log_type', 'result']

/**
 * Indexes for every sortable or filterable grid column and the log filters (DESIGN §9).
 * A grid page sorted by a column reads `(column, id)` in either direction (the list breaks ties by
 * id in the same direction); on SQLite every index ends with the rowid (`id`) already, on
 * PostgreSQL `id` is the second column. The log's account index is replaced by `(account, id)`.
 * Plain CREATE INDEX in the migration's transaction: on the `seed:large` data (100,000 orders,
 * about 700,000 order records, 1,000,000 log lines) it takes well under a minute on SQLite;
 * PostgreSQL blocks writes to each table while its indexes are built, reads carry on.
 */
export function gridIndexes(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      const index = async (table: string, column: string) => {
        const name = sql.id(`${table}_${column}_sort`)
        const cols = dialect === 'postgres' ? sql`${sql.id(column)}, id` : sql.id(column)
        await sql`create index ${name} on ${sql.id(table)} (${cols})`.execute(db)
      }
      for (const [table, columns] of Object.entries(gridColumns))
        for (const c of columns) await index(table, c)
      await db.schema.dropIndex('system_log_account').execute()
      for (const c of logColumns) await index('system_log', c)
      // fresh statistics, so the planners weigh the new indexes
      await sql`analyze`.execute(db)
    },
  }
}

import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requiredFieldsOf } from '#shared/contract/grid-required'
import { seedLarge, countsAt } from '#server/db/seed/large/generate'
import { orderKinds } from '#server/modules/orders/kinds'
import { productionReportKind } from '#server/modules/production/kind'
import { supplierFormKind } from '#server/modules/supplier-forms/kind'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' })
  await seedLarge(t.db.db, countsAt(0.002))
}, 120_000)
afterAll(() => t.close())

const kinds = [...orderKinds, productionReportKind, supplierFormKind]

describe('seeded records give every required grid field', () => {
  it.each(kinds.map((k) => [k.name, k] as const))(
    '%s: the demo and large seeds leave no required field empty',
    async (_, kind) => {
      const total = await sql<{
        n: number
      }>`select count(*) as n from ${sql.table(kind.table)}`.execute(t.db.db)
      expect(Number(total.rows[0]!.n)).toBeGreaterThan(0)
      const empty: Record<string, number> = {}
      for (const field of requiredFieldsOf(kind.name)) {
        const column =
          field === 'OrderNo' && kind.order === 'required' ? 'order_id' : kind.fields[field]?.[0]
        if (!column) continue
        const c = sql.ref(column)
        const r = await sql<{
          n: number
        }>`select count(*) as n from ${sql.table(kind.table)} where ${c} is null or trim(cast(${c} as text)) = ''`.execute(
          t.db.db,
        )
        empty[field] = Number(r.rows[0]!.n)
      }
      expect(Object.values(empty).length).toBeGreaterThan(0)
      expect(empty).toEqual(Object.fromEntries(Object.keys(empty).map((f) => [f, 0])))
    },
  )
})

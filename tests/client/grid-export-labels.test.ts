import { afterAll, describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { activateLocale } from '#client/lib/i18n'
import type { GridConfig } from '#client/features/orders/grid/grid-config'
import { orderGrid, shipmentGrid } from '#client/features/orders/kinds/order-grids'
import {
  financeGrid,
  outsourcingGrid,
  productionReportGrid,
  purchaseGrid,
  qualityGrid,
  warehouseGrid,
} from '#client/features/orders/kinds/supply-grids'
import { supplierFormGrid } from '#client/features/orders/kinds/supplier-form-grid'
import { orderKinds } from '../../src/server/modules/orders/kinds.ts'
import { productionReportKind } from '../../src/server/modules/production/kind.ts'
import { supplierFormKind } from '../../src/server/modules/supplier-forms/kind.ts'
import { exportColumns } from '../../src/server/modules/grid-excel/columns.ts'
import { labelOf } from '../../src/server/modules/grid-excel/labels.ts'

const grids: GridConfig[] = [
  orderGrid,
  shipmentGrid,
  purchaseGrid,
  outsourcingGrid,
  qualityGrid,
  warehouseGrid,
  financeGrid,
  productionReportGrid,
  supplierFormGrid,
]
const kinds = [...orderKinds, productionReportKind, supplierFormKind]
afterAll(() => activateLocale('zh'))

describe('export headers are the grid labels (材料 vs 材料来源)', () => {
  it.each(['zh', 'en'] as const)(
    'every grid column the export writes has the grid label as its header (%s)',
    async (lang) => {
      await activateLocale(lang)
      expect(grids.map((g) => g.kind).sort()).toEqual(kinds.map((k) => k.name).sort())
      const differ: string[] = []
      let compared = 0
      for (const grid of grids) {
        const kind = kinds.find((k) => k.name === grid.kind)!
        const exported = new Set(exportColumns(kind).map((c) => c.field))
        for (const column of grid.columns) {
          if (!exported.has(column.key)) continue
          compared++
          const shown = i18n._(column.label)
          const header = labelOf(kind.name, column.key)[lang]
          if (shown !== header)
            differ.push(`${grid.kind}.${column.key}: grid "${shown}", export "${header}"`)
        }
      }
      expect(differ).toEqual([])
      expect(compared).toBeGreaterThan(50)
    },
  )
})

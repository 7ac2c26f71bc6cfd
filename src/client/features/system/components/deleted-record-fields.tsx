import { t } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { formHistoryFields } from '#client/components/history/form-history-fields'
import type { HistoryField } from '#client/components/history/history-entry'
import {
  categoryFields,
  equipmentFields,
  newsFields,
  slideFields,
} from '#client/features/content/components/content-fields'
import { productFields } from '#client/features/content/components/product-fields'
import type { GridColumn } from '#client/features/orders/grid/grid-config'
import { useGridHistoryFields } from '#client/features/orders/grid/history-panel'
import { orderGrid, shipmentGrid } from '#client/features/orders/kinds/order-grids'
import { supplierFormGrid } from '#client/features/orders/kinds/supplier-form-grid'
import * as supplyGrids from '#client/features/orders/kinds/supply-grids'
import {
  departmentHistoryFields,
  menuHistoryFields,
  roleHistoryFields,
  userHistoryFields,
} from '../history-fields.ts'

const grids = [orderGrid, shipmentGrid, supplierFormGrid, ...Object.values(supplyGrids)]
const raw = (v: unknown) => String(v)

type Kind = { name: () => string; fields: () => HistoryField[] }

/** The records that are not grid rows: named and labelled as their own screens do. */
const otherKinds: Record<string, Kind> = {
  User: { name: () => t`User`, fields: () => userHistoryFields(raw, raw) },
  Role: { name: () => t`Role`, fields: () => roleHistoryFields(raw) },
  Department: { name: () => t`Department`, fields: () => departmentHistoryFields(raw) },
  Menu: { name: () => t`Menu`, fields: () => menuHistoryFields(raw) },
  Carousel: { name: () => t`Carousel`, fields: () => formHistoryFields(slideFields()) },
  Category: { name: () => t`Category`, fields: () => formHistoryFields(categoryFields()) },
  Product: { name: () => t`Product`, fields: () => formHistoryFields(productFields([])) },
  News: { name: () => t`News`, fields: () => formHistoryFields(newsFields()) },
  Equipment: { name: () => t`Equipment`, fields: () => formHistoryFields(equipmentFields()) },
}

/**
 * A deleted record's kind as its screen names it and its fields as the screen labels and formats
 * them (the operation log): grid rows by their columns, content and system records by
 * their editors' fields; an unknown kind by its stored name.
 */
export function useDeletedRecordKind(recordType: string): { name: string; fields: HistoryField[] } {
  const { i18n } = useLingui()
  const grid = grids.find((g) => g.kind === recordType)
  const columns: GridColumn[] = grid?.columns ?? []
  const gridFields = useGridHistoryFields(columns)
  if (grid) return { name: i18n._(grid.title), fields: gridFields }
  const other = otherKinds[recordType]
  return { name: other?.name() ?? recordType, fields: other?.fields() ?? [] }
}

import { msg } from '@lingui/core/macro'
import {
  supplierFormFields,
  supplierFormRow,
  supplierFormUpdate,
} from '#shared/contract/supplier-forms'
import type { GridConfig } from '../grid/grid-config.ts'
import { audit, remark } from './grid-columns.ts'

const text = (key: string, label: ReturnType<typeof msg>, width: number, primary = false) => ({
  key,
  label,
  type: 'text' as const,
  width,
  primary,
})

/**
 * Supplier forms (`SupplierForm/GetList`): sent by suppliers through the public form
 * (`/FormZhengao/SupplierForm/Add`) or imported from Excel (`SupplierForm/Upload`); staff add
 * a remark, remove, and auditors accept or reject.
 */
export const supplierFormGrid: GridConfig = {
  kind: 'SupplierForm',
  title: msg`Supplier forms`,
  row: supplierFormRow,
  insert: supplierFormFields,
  update: supplierFormUpdate,
  addable: false,
  newRow: () => ({}),
  columns: [
    text('Company', msg`Company`, 200, true),
    text('Contact', msg`Contact`, 100, true),
    text('Phone', msg`Phone`, 120),
    text('Email', msg`E-mail`, 180),
    text('Products', msg`Products`, 200),
    text('Address', msg`Address`, 200),
    text('Message', msg`Message`, 240),
    { key: 'CreateTimeString', label: msg`Received`, type: 'date', width: 110 },
    audit,
    remark,
  ],
}

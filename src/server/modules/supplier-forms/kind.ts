import { supplierFormRow, supplierFormUpdate } from '#shared/contract/supplier-forms'
import { ordersPermission } from '../../permissions.ts'
import type { GridKind } from '../orders/grid-kind.ts'

/**
 * Supplier forms for staff: `SupplierForm/GetList`, `/Get`, PostCommon `SaveSupplierForm`
 * (update Remark, remove; forms are only created by `/FormZhengao/SupplierForm/Add`) and
 * `AuditSupplierForm` (accept or reject the supplier).
 */
export const supplierFormKind: GridKind = {
  name: 'SupplierForm',
  table: 'supplier_form',
  label: { zh: '供应商表单', en: 'supplier form' },
  fields: {
    Company: ['company', 'text'],
    Contact: ['contact', 'text'],
    Phone: ['phone', 'text'],
    Email: ['email', 'text'],
    Address: ['address', 'text'],
    Products: ['products', 'text'],
    Message: ['message', 'text'],
    Remark: ['remark', 'text'],
  },
  order: 'none',
  search: ['company', 'contact', 'phone', 'products', 'message', 'remark'],
  row: supplierFormRow,
  update: supplierFormUpdate,
  permission: ordersPermission,
  menu: ['/supplier/forms'],
}

import { useMutation } from '@tanstack/react-query'
import { supplierFormAddResponse, type SupplierApplyFields } from '#shared/contract/supplier-forms'
import { postRootCall } from '#client/lib/http'

export type SupplierApplyVariables = { fields: SupplierApplyFields; idempotencyKey: string }

/**
 * A supplier sends the supplier form: `POST /FormZhengao/SupplierForm/Add` (SPEC §7, no
 * prefix). The Idempotency-Key makes a repeat after a lost answer store the form once.
 */
export async function postSupplierApply({ fields, idempotencyKey }: SupplierApplyVariables) {
  return postRootCall('FormZhengao/SupplierForm/Add', supplierFormAddResponse, fields, {
    'Idempotency-Key': idempotencyKey,
  })
}

export const useSupplierApply = () => useMutation({ mutationFn: postSupplierApply })

import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { isGridErrorCode, type GridErrorCode } from '#shared/contract/grid-fields'
import { fieldErrorText } from '#client/components/form/field-error-text'

const texts: Record<GridErrorCode, MessageDescriptor> = {
  orderNoRequired: msg`Order number required`,
  orderNoTaken: msg`This order number already exists`,
  orderNotFound: msg`No such order`,
  recordNotFound: msg`The record does not exist or was deleted`,
  number: msg`Please enter a number`,
  integer: msg`The quantity must be a whole number`,
  nonNegative: msg`Must not be less than 0`,
  decimals3: msg`At most 3 decimals`,
  tooLarge: msg`The number is too large`,
  date: msg`The date is not valid`,
  qualifiedOverQuantity: msg`The qualified quantity cannot exceed the inspected quantity`,
  unit: msg`The unit must be kg, pcs, t or m`,
  fileUrl: msg`The file address is not valid; upload the file again`,
  filesLimit: msg`Too many files`,
  area: msg`Unknown area`,
}

/** Text for a grid rule code (SPEC §5) or a shared field code; server texts pass through. */
export function gridErrorText(code: string): MessageDescriptor | string {
  return isGridErrorCode(code) ? texts[code] : fieldErrorText(code)
}

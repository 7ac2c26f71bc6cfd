import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ValidatorErrorCode } from '#shared/contract/validators'
import { fieldErrorText } from './field-error-text.ts'

/** Client texts of the helper checks of shared/contract/validators.ts (the server has its own). */
const texts: Record<ValidatorErrorCode, MessageDescriptor> = {
  idCard: msg`The ID card number format is incorrect`,
  nameFormat: msg`Only letters, digits or Chinese characters`,
  amount: msg`Please enter a correct amount, at most 2 decimals`,
  port: msg`The port must be from 0 to 65535`,
  ip: msg`The IP address format is incorrect`,
  url: msg`The URL format is incorrect`,
  tel: msg`The telephone number format is incorrect`,
}

/**
 * Text of a rule code in the active language: the validator checks here, the shared field
 * codes (phone, email, passwordTooShort, ...) through field-error-text.ts.
 * Staff code only: it is kept out of field-error-text.ts, which the public site loads.
 */
export function ruleErrorText(code: string): string {
  const d = code in texts ? texts[code as ValidatorErrorCode] : fieldErrorText(code)
  return typeof d === 'string' ? d : i18n._(d)
}

import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { isFieldErrorCode, type FieldErrorCode } from '#shared/contract/field-rules'

const texts: Record<FieldErrorCode, MessageDescriptor> = {
  required: msg`This field is required`,
  choose: msg`Please make a choice`,
  avatar: msg`Please upload a picture as the avatar`,
  phone: msg`Please enter a correct phone number, digits only`,
  email: msg`The e-mail format is incorrect`,
  tooLong: msg`This is too long`,
  passwordTooShort: msg`The password must have at least 8 characters`,
  userNameFormat: msg`The user name has 3-32 letters, digits, Chinese characters or _ . -`,
  phoneChars: msg`A phone number has only digits, spaces, dashes, brackets and a leading +`,
  phoneStart: msg`Start with 1 (Chinese mobile), 0 (area code) or + and the country code`,
  phoneMobile: msg`A Chinese mobile number has 11 digits starting with 1`,
  phoneLandline: msg`A landline number is an area code starting with 0 and 7 or 8 digits, e.g. 010-12345678`,
  phoneIntl: msg`An international number is + with the country code, 8 to 15 digits in all, e.g. +44 20 7946 0958`,
  phoneExt: msg`An extension has 1 to 6 digits`,
  phoneOrEmail: msg`Please leave a phone number or an e-mail address`,
}

/** Text for a shared field rule code (SPEC §5); other messages (e.g. from the server) pass through. */
export function fieldErrorText(code: string): MessageDescriptor | string {
  return isFieldErrorCode(code) ? texts[code] : code
}

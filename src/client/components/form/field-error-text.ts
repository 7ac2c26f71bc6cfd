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
  phoneChars: msg`Only digits, spaces, dashes, brackets and a leading +`,
  phoneStart: msg`Start with 1 (mobile), 0 (area code) or + (country code)`,
  phoneMobile: msg`A Chinese mobile number has 11 digits starting with 1`,
  phoneLandline: msg`Landline: area code from 0, then 7-8 digits (010-12345678)`,
  phoneIntl: msg`International: + country code, 8-15 digits (+44 20 7946 0958)`,
  phoneExt: msg`An extension has 1-6 digits`,
  phoneOrEmail: msg`Leave a phone number or an e-mail address`,
  smsCode: msg`Please input the phone verification code`,
}

/** Text for a shared field rule code (SPEC §5); other messages (e.g. from the server) pass through. */
export function fieldErrorText(code: string): MessageDescriptor | string {
  return isFieldErrorCode(code) ? texts[code] : code
}

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
  smsCode: msg`Please input the phone verification code`,
}

/** Text for a shared field rule code (SPEC §5); other messages (e.g. from the server) pass through. */
export function fieldErrorText(code: string): MessageDescriptor | string {
  return isFieldErrorCode(code) ? texts[code] : code
}

/**
 * Field rules of SPEC §5 shared by client and server, without zod: fields.ts builds the `zod`
 * schemas from them, leaving.ts the `zod/mini` ones of the public contact form (a visitor's
 * first load carries no full zod). Each failing rule reports a code (the issue message), which
 * each side turns into text in the user's language.
 */
export const fieldErrorCodes = [
  'required',
  'choose',
  'phone',
  'email',
  'tooLong',
  'passwordTooShort',
  'userNameFormat',
  'avatar',
  // the phone number of the public forms (contact-phone.ts): each names the real problem
  'phoneChars',
  'phoneStart',
  'phoneMobile',
  'phoneLandline',
  'phoneIntl',
  'phoneExt',
  'phoneOrEmail',
  'smsCode',
] as const
export type FieldErrorCode = (typeof fieldErrorCodes)[number]

export const isFieldErrorCode = (v: string): v is FieldErrorCode =>
  (fieldErrorCodes as readonly string[]).includes(v)

/** 11 digits starting with 1 (SPEC §5). */
export const phonePattern = /^1\d{10}$/
/** Standard e-mail pattern (SPEC §5). */
export const emailPattern =
  /^[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/
/** Textarea default maximum (SPEC §5). */
export const textareaMax = 500

/** Longest phone number a visitor or supplier may leave (contact-phone.ts checks the number). */
export const contactPhoneMax = 30

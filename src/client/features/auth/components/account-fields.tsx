import { useLingui } from '@lingui/react/macro'
import { newPasswordMin } from '#shared/contract/sign-in'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { text } from './phone-fields.tsx'

const userNamePattern = /^[A-Za-z0-9_.\-\u4e00-\u9fa5]{3,32}$/
/** SPEC §5 login texts: a password to sign in with has at least 6 characters. */
const signInPasswordMin = 6
/** A form-builder value as untrimmed text ('' for anything else): passwords keep their spaces. */
export const raw = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v : '')

/**
 * User name and password (SPEC §5 texts) for the auth forms: the form-builder fields and the
 * form's check of them (`validate`). `'new'` (sign-up) adds the confirmation, checks the user
 * name's pattern and asks for a new password of at least `newPasswordMin` characters; `'existing'`
 * (WeChat bind) signs in with a current password of at least 6.
 */
export function useAccountFields(kind: 'new' | 'existing') {
  const { t } = useLingui()
  const isNew = kind === 'new'
  const passwordShort = isNew
    ? t`The password must have at least 8 characters`
    : t`Password cannot be less than 6 characters`
  const passwordMin = isNew ? newPasswordMin : signInPasswordMin
  const entry = (name: string, label: string, message: string): FieldDef => ({
    name,
    type: name === 'username' ? 'text' : 'password',
    label,
    placeholder: label,
    autoComplete: name === 'username' ? 'username' : isNew ? 'new-password' : 'current-password',
    message,
  })
  const fields: FieldDef[] = [
    entry('username', t`User name`, t`User name cannot be empty`),
    entry('password', t`Password`, passwordShort),
    ...(isNew ? [entry('confirm', t`Confirm password`, t`Please enter the password again`)] : []),
  ]
  const validate = (v: FormValues): Record<string, string> => {
    const errors: Record<string, string> = {}
    if (isNew && !userNamePattern.test(text(v.username)))
      errors.username = t`The user name has 3-32 letters, digits, Chinese characters or _ . -`
    if (raw(v.password).length < passwordMin) errors.password = passwordShort
    if (isNew && raw(v.confirm) !== raw(v.password))
      errors.confirm = t`The two passwords do not match`
    return errors
  }
  return { fields, validate }
}

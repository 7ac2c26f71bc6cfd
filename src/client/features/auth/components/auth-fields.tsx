import { useLingui } from '@lingui/react/macro'
import { phonePattern } from '#shared/contract/field-rules'
import { newPasswordMin } from '#shared/contract/sign-in'
import type { SmsPurpose } from '#shared/contract/phone-auth'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { SmsCodeButton } from './sms-code-button.tsx'

const codePattern = /^\d{4,8}$/
/** A form-builder value as trimmed text ('' for anything else). */
export const text = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v.trim() : '')
/** A form-builder value as untrimmed text ('' for anything else): passwords keep their spaces. */
export const raw = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v : '')
const userNamePattern = /^[A-Za-z0-9_.\-\u4e00-\u9fa5]{3,32}$/
/** SPEC §5 login texts: a password to sign in with has at least 6 characters. */
const signInPasswordMin = 6

/** A field definition without what `authField` fills in (each kind of field keeps its own keys). */
type Rest = FieldDef extends infer F
  ? F extends FieldDef
    ? Omit<F, 'name' | 'label' | 'placeholder' | 'message'>
    : never
  : never

/** An auth form's field: its placeholder repeats its label, `message` is the text when empty. */
const authField = (name: string, label: string, message: string, rest: Rest): FieldDef => ({
  ...rest,
  name,
  label,
  placeholder: label,
  message,
})

/**
 * Mobile number and verification code with the code button (SPEC §5 texts), for sign-in and
 * sign-up: the form-builder fields and the form's check of their patterns (`validate`).
 */
export function usePhoneFields(purpose: SmsPurpose) {
  const { t } = useLingui()
  const fields = [
    authField('mobile', t`Mobile number`, t`Please enter the mobile number`, {
      type: 'number',
      inputType: 'tel',
      max: 11,
      autoComplete: 'tel',
    }),
    authField('code', t`Verification code`, t`Please input the phone verification code`, {
      type: 'number',
      max: 8,
      autoComplete: 'one-time-code',
      extra: ({ check }) => (
        <SmsCodeButton
          purpose={purpose}
          validMobile={async () => {
            const mobile = check('mobile')
            return typeof mobile === 'string' ? mobile.trim() : undefined
          }}
        />
      ),
    }),
  ]
  const validate = (v: FormValues): Record<string, string> => ({
    ...(phonePattern.test(text(v.mobile))
      ? {}
      : { mobile: t`Please enter the correct mobile number` }),
    ...(codePattern.test(text(v.code))
      ? {}
      : { code: t`Please input the phone verification code` }),
  })
  return { fields, validate }
}

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
  const password = {
    type: 'password',
    autoComplete: isNew ? 'new-password' : 'current-password',
  } as const
  const fields = [
    authField('username', t`User name`, t`User name cannot be empty`, {
      type: 'text',
      autoComplete: 'username',
    }),
    authField('password', t`Password`, passwordShort, password),
    ...(isNew
      ? [authField('confirm', t`Confirm password`, t`Please enter the password again`, password)]
      : []),
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

import { useLingui } from '@lingui/react/macro'
import { phonePattern } from '#shared/contract/field-rules'
import type { SmsPurpose } from '#shared/contract/phone-auth'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { SmsCodeButton } from './sms-code-button.tsx'

const codePattern = /^\d{4,8}$/
/** A form-builder value as trimmed text ('' for anything else). */
export const text = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v.trim() : '')

/**
 * Mobile number and verification code with the code button (SPEC §5 texts), for sign-in and
 * sign-up: the form-builder fields and the form's check of their patterns (`validate`).
 */
export function usePhoneFields(purpose: SmsPurpose) {
  const { t } = useLingui()
  const fields: FieldDef[] = [
    {
      name: 'mobile',
      type: 'number',
      inputType: 'tel',
      label: t`Mobile number`,
      placeholder: t`Mobile number`,
      max: 11,
      autoComplete: 'tel',
      message: t`Please enter the mobile number`,
    },
    {
      name: 'code',
      type: 'number',
      label: t`Verification code`,
      placeholder: t`Verification code`,
      max: 8,
      autoComplete: 'one-time-code',
      message: t`Please input the phone verification code`,
      extra: ({ check }) => (
        <SmsCodeButton
          purpose={purpose}
          validMobile={async () => {
            const mobile = check('mobile')
            return typeof mobile === 'string' ? mobile.trim() : undefined
          }}
        />
      ),
    },
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

import { useLingui } from '@lingui/react/macro'
import { Form, Input } from 'antd-mobile'
import { phonePattern } from '#shared/contract/field-rules'
import type { SmsPurpose } from '#shared/contract/phone-auth'
import { SmsCodeButton } from './sms-code-button.tsx'

type FormInstance = ReturnType<typeof Form.useForm>[0]

/** Mobile number and verification code with the code button (SPEC §5 texts), for sign-in and sign-up. */
export function PhoneFields({ form, purpose }: { form: FormInstance; purpose: SmsPurpose }) {
  const { t } = useLingui()
  const validMobile = async () => {
    try {
      const v = (await form.validateFields(['mobile'])) as { mobile: string }
      return v.mobile.trim()
    } catch {
      return undefined
    }
  }
  return (
    <>
      <Form.Item
        name="mobile"
        label={t`Mobile number`}
        rules={[
          { required: true, message: t`Please enter the mobile number` },
          { pattern: phonePattern, message: t`Please enter the correct mobile number` },
        ]}
      >
        <Input
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder={t`Mobile number`}
          clearable
        />
      </Form.Item>
      <Form.Item
        name="code"
        label={t`Verification code`}
        rules={[
          {
            required: true,
            pattern: /^\d{4,8}$/,
            message: t`Please input the phone verification code`,
          },
        ]}
        extra={<SmsCodeButton purpose={purpose} validMobile={validMobile} />}
      >
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          placeholder={t`Verification code`}
        />
      </Form.Item>
    </>
  )
}

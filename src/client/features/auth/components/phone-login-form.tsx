import { Trans } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Button, Form } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { storeTokens } from '#client/lib/session-tokens'
import { useState } from 'react'
import { postPhoneLogin } from '../api/post-phone-login.ts'
import { PhoneFields } from './phone-fields.tsx'

type Values = { mobile: string; code: string }

/** Phone + code sign-in on `/login` (loaded when its tab is chosen). */
export function PhoneLoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [form] = Form.useForm()
  const [pending, setPending] = useState(false)
  const onFinish = async (v: Values) => {
    setPending(true)
    try {
      storeTokens(await postPhoneLogin({ mobile: v.mobile.trim(), code: v.code.trim() }))
      await onSignedIn()
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, String(e)) })
    } finally {
      setPending(false)
    }
  }
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v: Values) => void onFinish(v)}
      footer={
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={pending}
          data-testid="phone-login-submit"
        >
          <Trans>Sign in</Trans>
        </Button>
      }
    >
      <PhoneFields form={form} purpose="login" />
    </Form>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Button } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useEffect, useState } from 'react'
import { smsResendSeconds, type SmsPurpose } from '#shared/contract/phone-auth'
import { postSendSmsCode } from '../api/post-send-sms-code.ts'

type Props = {
  purpose: SmsPurpose
  /** the mobile number once valid (the form shows why not and answers undefined) */
  validMobile: () => Promise<string | undefined>
}

/** SPEC §4 phone-code button: asks for a code, then stays disabled with a 60 s countdown. */
export function SmsCodeButton({ purpose, validMobile }: Props) {
  const { t } = useLingui()
  const [left, setLeft] = useState(0)
  const [sending, setSending] = useState(false)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  const press = async () => {
    const mobile = await validMobile()
    if (!mobile) return
    setSending(true)
    try {
      const r = await postSendSmsCode(mobile, purpose)
      setLeft(r.resendSeconds || smsResendSeconds)
      Toast.show({ icon: 'success', content: t`The verification code has been sent` })
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, String(e)) })
    } finally {
      setSending(false)
    }
  }
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      disabled={left > 0}
      loading={sending}
      onClick={() => void press()}
      data-testid="sms-code-button"
      className="sms-code-button"
    >
      {left > 0 ? <Trans>Resend in {left} s</Trans> : <Trans>Get code</Trans>}
    </Button>
  )
}

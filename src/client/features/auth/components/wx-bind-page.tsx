import { Trans, useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Link, useNavigate } from '@tanstack/react-router'
import { Button, Form, Input } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { storeTokens } from '#client/lib/session-tokens'
import { postWxBind } from '../api/post-wx-bind.ts'
import { endFlow, readFlow, safeRedirect } from '../wx-flow.ts'
import './auth.css'

type Values = { username: string; password: string }

/** `/wxbd`: a WeChat identity seen for the first time signs in with an account to bind it. */
export function WxBindPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const onFinish = async (v: Values) => {
    const flow = readFlow()
    try {
      storeTokens(await postWxBind(flow?.ticket ?? '', v.username, v.password))
      endFlow()
      await navigate({ href: safeRedirect(flow?.redirect), replace: true })
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, String(e)) })
    }
  }
  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>
          <Trans>Bind your WeChat to an account</Trans>
        </h1>
        <p className="auth-note">
          <Trans>Sign in once with your account; next time WeChat signs you in directly.</Trans>
        </p>
        <Form
          layout="vertical"
          onFinish={(v: Values) => void onFinish(v)}
          footer={
            <Button block type="submit" color="primary" size="large">
              <Trans>Bind and sign in</Trans>
            </Button>
          }
        >
          <Form.Item
            name="username"
            label={t`User name`}
            rules={[{ required: true, whitespace: true, message: t`User name cannot be empty` }]}
          >
            <Input autoComplete="username" placeholder={t`User name`} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t`Password`}
            rules={[
              { required: true, min: 6, message: t`Password cannot be less than 6 characters` },
            ]}
          >
            <Input type="password" autoComplete="current-password" placeholder={t`Password`} />
          </Form.Item>
        </Form>
        <p className="auth-foot">
          <Link to="/login">
            <Trans>Back to sign-in</Trans>
          </Link>
        </p>
      </div>
    </div>
  )
}

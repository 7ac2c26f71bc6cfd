import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { Button, Form, Input, Toast } from 'antd-mobile'
import { useEffect, useState } from 'react'
import { PublicKeyUnavailableError } from '../api/get-public-key.ts'
import { postLogin } from '../api/post-login.ts'
import { registrationOpen } from '../api/get-registration-open.ts'
import { SignInModes } from './sign-in-modes.tsx'
import { storeTokens } from '#client/lib/session-tokens'
import { AuthCard } from './auth-card.tsx'
import './auth.css'

type Values = { username: string; password: string }

/** `/login`: account or phone-code sign-in; goes back to the page that asked for it (redirect query). */
export function LoginPage({ redirect }: { redirect: string | undefined }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  // plain state rather than a query-library mutation: one call, and the page stays light
  const [pending, setPending] = useState(false)
  const [keyMissing, setKeyMissing] = useState(false)
  const [registration, setRegistration] = useState(false)
  useEffect(() => {
    void registrationOpen().then(setRegistration)
  }, [])
  const goOn = async () => {
    const target =
      redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/admin/index'
    await navigate({ href: target, replace: true })
  }
  const onFinish = async (v: Values) => {
    setKeyMissing(false)
    setPending(true)
    try {
      storeTokens(await postLogin(v))
      await goOn()
    } catch (e) {
      // never fall back to sending the password in plain text: say why sign-in cannot go on
      if (e instanceof PublicKeyUnavailableError) return setKeyMissing(true)
      Toast.show({
        icon: 'fail',
        content: `${e instanceof Error ? e.message : t`Sign-in failed`}...`,
      })
    } finally {
      setPending(false)
    }
  }
  return (
    <AuthCard title={<Trans>Staff sign-in</Trans>}>
      <SignInModes current="account" redirect={redirect} />
      <Form
        layout="vertical"
        onFinish={(v: Values) => void onFinish(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={pending}>
            <Trans>Sign in</Trans>
          </Button>
        }
      >
        <Form.Item
          name="username"
          label={t`User name`}
          rules={[{ required: true, whitespace: true, message: t`User name cannot be empty` }]}
        >
          <Input autoComplete="username" placeholder={t`User name`} clearable />
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
      {keyMissing && (
        <p className="auth-error" role="alert" data-testid="login-key-error">
          <Trans>
            Secure sign-in is unavailable: the server's encryption key could not be loaded. Check
            the connection and try again.
          </Trans>
        </p>
      )}
      <Link to="/wxlogin" search={redirect ? { redirect } : {}} className="auth-alt">
        <Trans>Sign in with WeChat</Trans>
      </Link>
      {registration && (
        <Link to="/register" className="auth-alt" data-testid="register-link">
          <Trans>No account yet? Sign up</Trans>
        </Link>
      )}
    </AuthCard>
  )
}

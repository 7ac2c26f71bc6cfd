import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError, errorText } from '#client/lib/http'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { PublicKeyUnavailableError } from '../api/get-public-key.ts'
import { postLogin } from '../api/post-login.ts'
import { SignInModes, useSignInOptions } from './sign-in-modes.tsx'
import { storeTokens } from '#client/lib/session-tokens'
import { showSmallToast } from '#client/components/feedback/small-toast'
import { AuthCard } from './auth-card.tsx'
import { AuthField, AuthSubmit } from './auth-field.tsx'
import './auth.css'

type Values = { username: string; password: string }

/**
 * `/login`: account or phone-code sign-in; goes back to the page that asked for it (redirect
 * query). Offers only what works on this site (User/SignUpOptions): the phone tab with phone
 * codes, sign-up when it is open, WeChat when it is configured.
 */
export function LoginPage({ redirect }: { redirect: string | undefined }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  // plain state rather than a query-library mutation: one call, and the page stays light
  const [pending, setPending] = useState(false)
  const [keyMissing, setKeyMissing] = useState(false)
  const options = useSignInOptions()
  const [values, setValues] = useState<Values>({ username: '', password: '' })
  // the rules are shown once the form was sent, then follow the typing
  const [checked, setChecked] = useState(false)
  const errors = {
    username: values.username.trim() ? undefined : t`User name cannot be empty`,
    password:
      values.password.length >= 6 ? undefined : t`Password cannot be less than 6 characters`,
  }
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
      // SPEC §5: a refused sign-in shows the server's message followed by an ellipsis, no code
      showSmallToast(
        e instanceof ApiError && e.code === 500 ? `${e.message}…` : errorText(e, t`Sign-in failed`),
      )
    } finally {
      setPending(false)
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setChecked(true)
    if (pending) return
    if (errors.username || errors.password) {
      document.getElementById(errors.username ? 'login-username' : 'login-password')?.focus()
      return
    }
    void onFinish(values)
  }
  const set = (key: keyof Values) => (v: string) => setValues((old) => ({ ...old, [key]: v }))
  return (
    <AuthCard title={<Trans>Staff sign-in</Trans>}>
      {options?.phone ? <SignInModes current="account" redirect={redirect} /> : null}
      <form className="auth-form" noValidate onSubmit={submit}>
        <AuthField
          id="login-username"
          name="username"
          label={t`User name`}
          autoComplete="username"
          placeholder={t`User name`}
          value={values.username}
          onValue={set('username')}
          error={checked ? errors.username : undefined}
        />
        <AuthField
          id="login-password"
          name="password"
          type="password"
          label={t`Password`}
          autoComplete="current-password"
          placeholder={t`Password`}
          value={values.password}
          onValue={set('password')}
          error={checked ? errors.password : undefined}
        />
        <AuthSubmit pending={pending}>
          <Trans>Sign in</Trans>
        </AuthSubmit>
      </form>
      {keyMissing && (
        <p className="auth-error" role="alert" data-testid="login-key-error">
          <Trans>
            Secure sign-in is unavailable: the server's encryption key could not be loaded. Check
            the connection and try again.
          </Trans>
        </p>
      )}
      {options?.wechat ? (
        <Link
          to="/wxlogin"
          search={redirect ? { redirect } : {}}
          className="auth-alt"
          data-testid="wechat-link"
        >
          <Trans>Sign in with WeChat</Trans>
        </Link>
      ) : null}
      {options?.registration && options.phone && (
        <Link to="/register" className="auth-alt" data-testid="register-link">
          <Trans>No account yet? Sign up</Trans>
        </Link>
      )}
    </AuthCard>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type FormEvent } from 'react'
import { PublicKeyUnavailableError } from '../api/get-public-key.ts'
import { postLogin } from '../api/post-login.ts'
import { registrationOpen } from '../api/get-registration-open.ts'
import { SignInModes } from './sign-in-modes.tsx'
import { storeTokens } from '#client/lib/session-tokens'
import { showSmallToast } from '#client/components/feedback/small-toast'
import { AuthCard } from './auth-card.tsx'
import { AuthField, AuthSubmit } from './auth-field.tsx'
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
  const [values, setValues] = useState<Values>({ username: '', password: '' })
  // the rules are shown once the form was sent, then follow the typing
  const [checked, setChecked] = useState(false)
  const errors = {
    username: values.username.trim() ? undefined : t`User name cannot be empty`,
    password:
      values.password.length >= 6 ? undefined : t`Password cannot be less than 6 characters`,
  }
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
      showSmallToast(errorText(e, t`Sign-in failed`))
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
      <SignInModes current="account" redirect={redirect} />
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

import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { ErrorBlock, SpinLoading } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { FormBuilder } from '#client/components/form/form-builder'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { newPasswordMin } from '#shared/contract/sign-in'
import { useSignUpOptions } from '../api/get-sign-up-options.ts'
import { useRegister } from '../api/post-register.ts'
import { text, usePhoneFields } from './phone-fields.tsx'
import { AuthCard } from './auth-card.tsx'
import './auth.css'

const empty: FormValues = { username: '', password: '', confirm: '', mobile: '', code: '' }
const userNamePattern = /^[A-Za-z0-9_.\-\u4e00-\u9fa5]{3,32}$/
const raw = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v : '')

/**
 * `/register`: login name, password and confirmation, a mobile number proven by a code. The new
 * account has no role until an administrator assigns one. With REGISTRATION=false the page
 * says sign-up is closed.
 */
export function RegisterPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const options = useSignUpOptions()
  const register = useRegister()
  const phone = usePhoneFields('register')
  const passwordShort = t`The password must have at least 8 characters`
  const fields: FieldDef[] = [
    {
      name: 'username',
      type: 'text',
      label: t`User name`,
      placeholder: t`User name`,
      autoComplete: 'username',
      message: t`User name cannot be empty`,
    },
    {
      name: 'password',
      type: 'password',
      label: t`Password`,
      placeholder: t`Password`,
      autoComplete: 'new-password',
      message: passwordShort,
    },
    {
      name: 'confirm',
      type: 'password',
      label: t`Confirm password`,
      placeholder: t`Confirm password`,
      autoComplete: 'new-password',
      message: t`Please enter the password again`,
    },
    ...phone.fields,
  ]
  const validate = (v: FormValues): Record<string, string> => {
    const errors = phone.validate(v)
    if (!userNamePattern.test(text(v.username)))
      errors.username = t`The user name has 3-32 letters, digits, Chinese characters or _ . -`
    if (raw(v.password).length < newPasswordMin) errors.password = passwordShort
    if (raw(v.confirm) !== raw(v.password)) errors.confirm = t`The two passwords do not match`
    return errors
  }
  const closed = options.data?.registration === false
  return (
    <AuthCard title={<Trans>Create an account</Trans>} testId="register-page">
      {options.isPending ? (
        <div className="auth-center">
          <SpinLoading />
        </div>
      ) : closed ? (
        <ErrorBlock
          status="disconnected"
          title={<Trans>Registration is closed</Trans>}
          description={<Trans>Ask an administrator for an account.</Trans>}
          data-testid="register-closed"
        />
      ) : (
        <div className="auth-form-builder">
          <p className="auth-note">
            <Trans>
              After signing up, an administrator assigns your role before you can use the
              back-office.
            </Trans>
          </p>
          <FormBuilder
            testId="register"
            fields={fields}
            initial={empty}
            validate={validate}
            guardUnsaved={false}
            invalidText={t`Please correct the marked fields`}
            savedText={false}
            failText={t`Registration failed`}
            submitLabel={<Trans>Sign up</Trans>}
            onSubmit={async (v) => {
              const message = await register.mutateAsync({
                username: text(v.username),
                password: raw(v.password),
                mobile: text(v.mobile),
                code: text(v.code),
              })
              Toast.show({ icon: 'success', content: message, duration: 3000 })
              await navigate({ to: '/login', replace: true })
            }}
          />
        </div>
      )}
      <Link to="/login" className="auth-alt">
        <Trans>Already have an account? Sign in</Trans>
      </Link>
    </AuthCard>
  )
}

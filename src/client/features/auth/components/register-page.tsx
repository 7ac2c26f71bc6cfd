import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { ErrorBlock, SpinLoading } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { useSignUpOptions } from '../api/get-sign-up-options.ts'
import { useRegister } from '../api/post-register.ts'
import { raw, text, useAccountFields, usePhoneFields } from './auth-fields.tsx'
import { AuthForm } from './auth-form.tsx'
import { AuthCard } from './auth-card.tsx'
import './auth.css'

const empty: FormValues = { username: '', password: '', confirm: '', mobile: '', code: '' }

/**
 * `/register`: login name, password and confirmation, a mobile number proven by a code. The new
 * account has no role until an administrator assigns one. When sign-up is not offered
 * (REGISTRATION=false, or no phone codes: User/SignUpOptions) the page says it is not available
 * on this site, with the link to sign in.
 */
export function RegisterPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const options = useSignUpOptions()
  const register = useRegister()
  const phone = usePhoneFields('register')
  const account = useAccountFields('new')
  const fields: FieldDef[] = [...account.fields, ...phone.fields]
  const validate = (v: FormValues) => ({ ...phone.validate(v), ...account.validate(v) })
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
          title={<Trans>Not available on this site</Trans>}
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
          <AuthForm
            testId="register"
            fields={fields}
            initial={empty}
            validate={validate}
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

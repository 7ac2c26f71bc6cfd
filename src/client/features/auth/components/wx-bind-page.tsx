import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { FormBuilder } from '#client/components/form/form-builder'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { storeTokens } from '#client/lib/session-tokens'
import { postWxBind } from '../api/post-wx-bind.ts'
import { endFlow, readFlow, safeRedirect } from '../wx-flow.ts'
import { text } from './phone-fields.tsx'
import './auth.css'

const empty: FormValues = { username: '', password: '' }
/** SPEC §5 login texts: the password has at least 6 characters. */
const passwordMin = 6

/** `/wxbd`: a WeChat identity seen for the first time signs in with an account to bind it. */
export function WxBindPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const passwordShort = t`Password cannot be less than 6 characters`
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
      autoComplete: 'current-password',
      message: passwordShort,
    },
  ]
  const validate = (v: FormValues): Record<string, string> =>
    typeof v.password === 'string' && v.password.length < passwordMin
      ? { password: passwordShort }
      : {}
  return (
    <div className="auth-page">
      <div className="auth-card auth-form-builder">
        <h1>
          <Trans>Bind your WeChat to an account</Trans>
        </h1>
        <p className="auth-note">
          <Trans>Sign in once with your account; next time WeChat signs you in directly.</Trans>
        </p>
        <FormBuilder
          testId="wx-bind"
          fields={fields}
          initial={empty}
          validate={validate}
          guardUnsaved={false}
          invalidText={t`Please correct the marked fields`}
          savedText={false}
          failText={t`Sign-in failed`}
          submitLabel={<Trans>Bind and sign in</Trans>}
          onSubmit={async (v) => {
            const flow = readFlow()
            storeTokens(
              await postWxBind(flow?.ticket ?? '', text(v.username), String(v.password ?? '')),
            )
            endFlow()
            await navigate({ href: safeRedirect(flow?.redirect), replace: true })
          }}
        />
        <p className="auth-foot">
          <Link to="/login">
            <Trans>Back to sign-in</Trans>
          </Link>
        </p>
      </div>
    </div>
  )
}

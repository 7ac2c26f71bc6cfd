import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormValues } from '#client/components/form/form-field'
import { storeTokens } from '#client/lib/session-tokens'
import { postWxBind } from '../api/post-wx-bind.ts'
import { endFlow, readFlow, safeRedirect } from '../wx-flow.ts'
import { text, useAccountFields } from './auth-fields.tsx'
import { AuthForm } from './auth-form.tsx'
import './auth.css'

const empty: FormValues = { username: '', password: '' }

/** `/wxbd`: a WeChat identity seen for the first time signs in with an account to bind it. */
export function WxBindPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { fields, validate } = useAccountFields('existing')
  return (
    <div className="auth-page">
      <div className="auth-card auth-form-builder">
        <h1>
          <Trans>Bind your WeChat to an account</Trans>
        </h1>
        <p className="auth-note">
          <Trans>Sign in once with your account; next time WeChat signs you in directly.</Trans>
        </p>
        <AuthForm
          testId="wx-bind"
          fields={fields}
          initial={empty}
          validate={validate}
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

import { Trans, useLingui } from '@lingui/react/macro'
import type { FormValues } from '#client/components/form/form-field'
import { storeTokens } from '#client/lib/session-tokens'
import { postPhoneLogin } from '../api/post-phone-login.ts'
import { text, usePhoneFields } from './auth-fields.tsx'
import { AuthForm } from './auth-form.tsx'

const empty: FormValues = { mobile: '', code: '' }

/** Phone + code sign-in on `/login` (loaded when its tab is chosen). */
export function PhoneLoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { t } = useLingui()
  const { fields, validate } = usePhoneFields('login')
  return (
    <div className="auth-form-builder">
      <AuthForm
        testId="phone-login"
        fields={fields}
        initial={empty}
        validate={validate}
        failText={t`Sign-in failed`}
        submitLabel={<Trans>Sign in</Trans>}
        onSubmit={async (v) => {
          storeTokens(await postPhoneLogin({ mobile: text(v.mobile), code: text(v.code) }))
          await onSignedIn()
        }}
      />
    </div>
  )
}

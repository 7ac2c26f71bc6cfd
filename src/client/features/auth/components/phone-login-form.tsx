import { Trans, useLingui } from '@lingui/react/macro'
import { FormBuilder } from '#client/components/form/form-builder'
import type { FormValues } from '#client/components/form/form-field'
import { storeTokens } from '#client/lib/session-tokens'
import { postPhoneLogin } from '../api/post-phone-login.ts'
import { text, usePhoneFields } from './phone-fields.tsx'

const empty: FormValues = { mobile: '', code: '' }

/** Phone + code sign-in on `/login` (loaded when its tab is chosen). */
export function PhoneLoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { t } = useLingui()
  const { fields, validate } = usePhoneFields('login')
  return (
    <div className="auth-form-builder">
      <FormBuilder
        testId="phone-login"
        fields={fields}
        initial={empty}
        validate={validate}
        guardUnsaved={false}
        invalidText={t`Please correct the marked fields`}
        savedText={false}
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

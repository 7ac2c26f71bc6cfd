import { Trans, useLingui } from '@lingui/react/macro'
import { Toast } from '#client/components/feedback/toast'
import { modifyPassBody } from '#shared/contract/auth'
import { FormBuilder } from '#client/components/form/form-builder'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { schemaErrors } from '#client/components/form/form-rules'
import { ruleErrorText } from '#client/components/form/rule-error-text'
import { useModifyPass } from '../api/post-modify-pass.ts'

const empty: FormValues = { oldPass: '', newPass: '', confirmPass: '' }
const text = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v : '')

/** Change my password (`User/ModifyMyPass`): current password, new password (>= 8) and its confirmation. */
export function ChangePasswordForm({ loginName }: { loginName?: string }) {
  const { t } = useLingui()
  const mutation = useModifyPass()
  const required = ruleErrorText('required')
  const fields: FieldDef[] = [
    {
      name: 'oldPass',
      type: 'password',
      label: t`Current password`,
      max: 200,
      autoComplete: 'current-password',
      message: required,
    },
    {
      name: 'newPass',
      type: 'password',
      label: t`New password`,
      max: 200,
      autoComplete: 'new-password',
      message: required,
      placeholder: t`At least 8 characters`,
    },
    {
      name: 'confirmPass',
      type: 'password',
      label: t`Confirm new password`,
      max: 200,
      autoComplete: 'new-password',
      message: required,
    },
  ]
  // the shared rules for the two sent fields; the confirmation is checked here only
  const validate = (v: FormValues) => ({
    ...schemaErrors(modifyPassBody, { oldPass: text(v.oldPass), newPass: text(v.newPass) }),
    ...(text(v.confirmPass) !== text(v.newPass)
      ? { confirmPass: t`The two new passwords do not match` }
      : {}),
  })

  return (
    <div className="change-password-form">
      <FormBuilder
        testId="change-password"
        title={<Trans>Change password</Trans>}
        fields={fields}
        initial={empty}
        validate={validate}
        guardUnsaved={false}
        submitLabel={<Trans>Change password</Trans>}
        invalidText={t`Please correct the marked fields`}
        savedText={false}
        failText={t`The password could not be changed`}
        showFormError
        // lets password managers tie the new password to this account
        top={<input type="text" autoComplete="username" value={loginName ?? ''} readOnly hidden />}
        onSubmit={async (v) => {
          const res = await mutation.mutateAsync({
            oldPass: text(v.oldPass),
            newPass: text(v.newPass),
          })
          Toast.show({ icon: 'success', content: res.msg || t`Password changed` })
          return empty
        }}
      />
    </div>
  )
}

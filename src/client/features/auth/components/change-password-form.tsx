import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Form, Input } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import { modifyPassBody } from '#shared/contract/auth'
import { fieldErrorText } from '#client/components/form/field-error-text'
import { zodFieldErrors } from '#client/components/form/zod-errors'
import { ApiError, errorText } from '#client/lib/http'
import { translate } from '#client/lib/i18n'
import { useModifyPass } from '../api/post-modify-pass.ts'

type Values = { oldPass: string; newPass: string; confirmPass: string }
type Field = keyof Values

const empty: Values = { oldPass: '', newPass: '', confirmPass: '' }
/** Client-only rule code of the confirmation field. */
const mismatch = 'passwordsDiffer'

/** Shared rules for the two sent fields; the confirmation is checked here only. */
function validate(values: Values): Record<string, string> {
  const parsed = modifyPassBody.safeParse({ oldPass: values.oldPass, newPass: values.newPass })
  const errors = parsed.success ? {} : zodFieldErrors(parsed.error)
  if (values.confirmPass === '') errors.confirmPass = 'required'
  else if (values.confirmPass !== values.newPass) errors.confirmPass = mismatch
  return errors
}

/** Change my password (`User/ModifyMyPass`): current password, new password (>= 8) and its confirmation. */
export function ChangePasswordForm({ loginName }: { loginName?: string }) {
  const { t } = useLingui()
  const [values, setValues] = useState<Values>(empty)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState('')
  const mutation = useModifyPass()

  const set = (k: Field) => (v: string) => {
    setValues((cur) => ({ ...cur, [k]: v }))
    setErrors((cur) => ({ ...cur, [k]: '' }))
    setFormError('')
  }
  const err = (k: Field) => {
    const code = errors[k]
    if (!code) return undefined
    return code === mismatch ? t`The two new passwords do not match` : translate(fieldErrorText(code))
  }
  const item = (k: Field) => ({ description: err(k), className: errors[k] ? 'has-error' : '' })

  const submit = async () => {
    setFormError('')
    const found = validate(values)
    if (Object.keys(found).length > 0) {
      setErrors(found)
      Toast.show({ icon: 'fail', content: t`Please correct the marked fields` })
      return
    }
    try {
      const res = await mutation.mutateAsync({ oldPass: values.oldPass, newPass: values.newPass })
      Toast.show({ icon: 'success', content: res.msg || t`Password changed` })
      setValues(empty)
      setErrors({})
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? (e.fieldErrors ?? {}) : {}
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k.replace(/^body\./, ''), v])))
      const message = e instanceof Error && e.message ? e.message : t`The password could not be changed`
      setFormError(message)
      // the toast says what SPEC §8 shows for a refused call: `500: message`, else url code message
      Toast.show({ icon: 'fail', content: errorText(e, message) })
    }
  }

  return (
    <Form
      layout="vertical"
      className="change-password-form"
      onFinish={() => void submit()}
      footer={
        <Button block type="submit" color="primary" size="large" loading={mutation.isPending}>
          <Trans>Change password</Trans>
        </Button>
      }
    >
      <Form.Header><Trans>Change password</Trans></Form.Header>
      {/* lets password managers tie the new password to this account */}
      <input type="text" autoComplete="username" value={loginName ?? ''} readOnly hidden />
      {formError ? (
        <div className="change-password-error" role="alert">{formError}</div>
      ) : null}
      <Form.Item label={t`Current password`} required {...item('oldPass')}>
        <Input
          name="oldPass"
          type="password"
          autoComplete="current-password"
          aria-label={t`Current password`}
          value={values.oldPass}
          onChange={set('oldPass')}
          maxLength={200}
        />
      </Form.Item>
      <Form.Item label={t`New password`} required {...item('newPass')}>
        <Input
          name="newPass"
          type="password"
          autoComplete="new-password"
          aria-label={t`New password`}
          value={values.newPass}
          onChange={set('newPass')}
          maxLength={200}
          placeholder={t`At least 8 characters`}
        />
      </Form.Item>
      <Form.Item label={t`Confirm new password`} required {...item('confirmPass')}>
        <Input
          name="confirmPass"
          type="password"
          autoComplete="new-password"
          aria-label={t`Confirm new password`}
          value={values.confirmPass}
          onChange={set('confirmPass')}
          maxLength={200}
        />
      </Form.Item>
    </Form>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Form, Input } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import { myProfileBody, type UserInfo } from '#shared/contract/auth'
import { phonePattern } from '#shared/contract/field-rules'
import { fieldErrorText } from '#client/components/form/field-error-text'
import { zodFieldErrors } from '#client/components/form/zod-errors'
import { PhotoUpload } from '#client/components/upload/photo-upload'
import { ApiError, errorText } from '#client/lib/http'
import { translate } from '#client/lib/i18n'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { useSaveMyProfile } from '../api/post-save-my-profile.ts'
import { SmsCodeButton } from './sms-code-button.tsx'

type Values = { RealName: string; NickName: string; Mobile: string; Email: string; Avatar: string }
type Field = keyof Values
const codePattern = /^\d{4,8}$/

const valuesOf = (me: UserInfo): Values => ({
  RealName: me.RealName,
  NickName: me.NickName ?? '',
  Mobile: me.Mobile ?? '',
  Email: me.Email ?? '',
  Avatar: me.Avatar,
})

/**
 * My profile on the personal centre (PostCommon `SaveMyProfile`): real name, nickname, mobile and
 * e-mail with the SPEC §5 rules of the shared schema, and an avatar picture (one upload).
 * A new mobile number is proven by the code sent to it (issue 30): the code field and its
 * button appear as soon as the number differs from the saved one.
 */
export function ProfileForm({ me }: { me: UserInfo }) {
  const { t } = useLingui()
  const [saved, setSaved] = useState<Values>(() => valuesOf(me))
  const [values, setValues] = useState<Values>(saved)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [smsCode, setSmsCode] = useState('')
  const mutation = useSaveMyProfile()
  const dirty = (Object.keys(values) as Field[]).some((k) => values[k] !== saved[k])
  useUnsavedWork(dirty)
  const needsCode = values.Mobile !== '' && values.Mobile !== saved.Mobile

  const change = (k: Field, v: string) => {
    setValues((cur) => ({ ...cur, [k]: k === 'Mobile' ? v.replace(/\D/g, '') : v }))
    setErrors((cur) => ({ ...cur, [k]: '' }))
  }
  const item = (k: Field | 'SmsCode') => ({ description: errors[k] ? translate(fieldErrorText(errors[k])) : undefined, className: errors[k] ? 'has-error' : '' })
  const validMobile = async () => {
    if (phonePattern.test(values.Mobile)) return values.Mobile
    setErrors((cur) => ({ ...cur, Mobile: 'phone' }))
    return undefined
  }

  const submit = async () => {
    const parsed = myProfileBody.safeParse(values)
    const codeMissing = needsCode && !codePattern.test(smsCode.trim())
    if (!parsed.success || codeMissing) {
      setErrors({ ...(parsed.success ? {} : zodFieldErrors(parsed.error)), ...(codeMissing ? { SmsCode: 'smsCode' } : {}) })
      Toast.show({ icon: 'fail', content: t`Please correct the marked fields` })
      return
    }
    try {
      await mutation.mutateAsync({ ...values, SmsCode: needsCode ? smsCode.trim() : '' })
      Toast.show({ icon: 'success', content: t`Your profile was saved` })
      setSaved(values)
      setSmsCode('')
      setErrors({})
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) setErrors(e.fieldErrors)
      Toast.show({ icon: 'fail', content: errorText(e, t`The changes could not be saved`) })
    }
  }

  return (
    <Form
      layout="horizontal"
      className="profile-form"
      data-testid="profile-form"
      onFinish={() => void submit()}
      footer={
        <Button block type="submit" color="primary" loading={mutation.isPending} disabled={!dirty} data-testid="profile-save">
          <Trans>Save my profile</Trans>
        </Button>
      }
    >
      <Form.Header><Trans>My profile</Trans></Form.Header>
      <Form.Item label={t`Avatar`} {...item('Avatar')}>
        <PhotoUpload
          label={t`Avatar`}
          limit={1}
          endpoint="User/UploadAvatar"
          value={values.Avatar ? [{ url: values.Avatar, name: '' }] : []}
          onChange={(photos) => change('Avatar', photos[0]?.url ?? '')}
        />
      </Form.Item>
      <Form.Item label={t`Real name`} required {...item('RealName')}>
        <Input aria-label={t`Real name`} name="RealName" value={values.RealName} onChange={(v) => change('RealName', v)} maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item label={t`Nickname`} {...item('NickName')}>
        <Input aria-label={t`Nickname`} name="NickName" value={values.NickName} onChange={(v) => change('NickName', v)} maxLength={50} autoComplete="nickname" />
      </Form.Item>
      <Form.Item label={t`Mobile`} {...item('Mobile')}>
        <Input aria-label={t`Mobile`} name="Mobile" value={values.Mobile} onChange={(v) => change('Mobile', v)} type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" placeholder={t`11-digit mobile number`} />
      </Form.Item>
      {needsCode && (
        <Form.Item
          label={t`Verification code`}
          required
          {...item('SmsCode')}
          extra={<SmsCodeButton purpose="changeMobile" validMobile={validMobile} />}
          data-testid="profile-sms-code"
        >
          <Input
            aria-label={t`Code sent to the new number`}
            name="SmsCode"
            value={smsCode}
            onChange={(v) => {
              setSmsCode(v.replace(/\D/g, ''))
              setErrors((cur) => ({ ...cur, SmsCode: '' }))
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            placeholder={t`Code sent to the new number`}
          />
        </Form.Item>
      )}
      <Form.Item label={t`E-mail`} {...item('Email')}>
        <Input aria-label={t`E-mail`} name="Email" value={values.Email} onChange={(v) => change('Email', v)} inputMode="email" maxLength={100} autoComplete="email" />
      </Form.Item>
    </Form>
  )
}

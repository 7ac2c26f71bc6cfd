import { Trans, useLingui } from '@lingui/react/macro'
import { myProfileBody, type UserInfo } from '#shared/contract/auth'
import { phonePattern } from '#shared/contract/field-rules'
import { FormBuilder } from '#client/components/form/form-builder'
import type { FieldDef, FormValues, UploadedFile } from '#client/components/form/form-field'
import { schemaErrors } from '#client/components/form/form-rules'
import { ruleErrorText } from '#client/components/form/rule-error-text'
import { useSaveMyProfile } from '../api/post-save-my-profile.ts'
import { SmsCodeButton } from './sms-code-button.tsx'

const text = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v : '')
const avatarOf = (v: FormValues[string] | undefined) =>
  (v as UploadedFile[] | undefined)?.[0]?.url ?? ''

const valuesOf = (me: UserInfo): FormValues => ({
  Avatar: me.Avatar ? [{ url: me.Avatar, name: '' }] : [],
  RealName: me.RealName,
  NickName: me.NickName ?? '',
  Mobile: me.Mobile ?? '',
  SmsCode: '',
  Email: me.Email ?? '',
})

/** The body of `SaveMyProfile`; the code only goes with a new mobile number. */
const bodyOf = (v: FormValues, newMobile: boolean) => ({
  RealName: text(v.RealName),
  NickName: text(v.NickName),
  Mobile: text(v.Mobile),
  Email: text(v.Email),
  Avatar: avatarOf(v.Avatar),
  SmsCode: newMobile ? text(v.SmsCode).trim() : '',
})
const isNewMobile = (v: FormValues, saved: FormValues) =>
  text(v.Mobile) !== '' && text(v.Mobile) !== text(saved.Mobile)

/**
 * My profile on the personal centre (PostCommon `SaveMyProfile`): real name, nickname, mobile and
 * e-mail with the SPEC §5 rules of the shared schema, and an avatar picture (one upload).
 * A new mobile number is proven by the code sent to it: the code field and its
 * button appear as soon as the number differs from the saved one.
 */
export function ProfileForm({ me }: { me: UserInfo }) {
  const { t } = useLingui()
  const mutation = useSaveMyProfile()
  const fields: FieldDef[] = [
    {
      name: 'Avatar',
      type: 'photo',
      label: t`Avatar`,
      optional: true,
      limit: 1,
      endpoint: 'User/UploadAvatar',
    },
    {
      name: 'RealName',
      type: 'text',
      label: t`Real name`,
      max: 50,
      autoComplete: 'name',
      message: ruleErrorText('required'),
    },
    {
      name: 'NickName',
      type: 'text',
      label: t`Nickname`,
      optional: true,
      max: 50,
      autoComplete: 'nickname',
    },
    {
      name: 'Mobile',
      type: 'number',
      inputType: 'tel',
      label: t`Mobile`,
      optional: true,
      max: 11,
      autoComplete: 'tel',
      placeholder: t`11-digit mobile number`,
    },
    {
      name: 'SmsCode',
      type: 'number',
      label: t`Verification code`,
      max: 8,
      autoComplete: 'one-time-code',
      placeholder: t`Code sent to the new number`,
      message: ruleErrorText('smsCode'),
      when: isNewMobile,
      extra: ({ values, setError }) => (
        <SmsCodeButton
          purpose="changeMobile"
          validMobile={async () => {
            const mobile = text(values.Mobile)
            if (phonePattern.test(mobile)) return mobile
            setError('Mobile', ruleErrorText('phone'))
            return undefined
          }}
        />
      ),
    },
    {
      name: 'Email',
      type: 'text',
      inputType: 'email',
      label: t`E-mail`,
      optional: true,
      max: 100,
      autoComplete: 'email',
    },
  ]

  return (
    <div className="profile-form" data-testid="profile-form">
      <FormBuilder
        testId="profile"
        title={<Trans>My profile</Trans>}
        fields={fields}
        initial={valuesOf(me)}
        validate={(v, saved) => schemaErrors(myProfileBody, bodyOf(v, isNewMobile(v, saved)))}
        submitLabel={<Trans>Save my profile</Trans>}
        disableWhenClean
        invalidText={t`Please correct the marked fields`}
        savedText={t`Your profile was saved`}
        onSubmit={async (v, changed) => {
          await mutation.mutateAsync(bodyOf(v, 'Mobile' in changed && text(v.Mobile) !== ''))
          return { ...v, SmsCode: '' }
        }}
      />
    </div>
  )
}

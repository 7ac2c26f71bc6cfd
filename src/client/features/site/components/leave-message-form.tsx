import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Form, Input, TextArea, Toast } from 'antd-mobile'
import { useState } from 'react'
import { leaveMessageFields, type LeaveMessageFields } from '#shared/contract/leaving'
import { textareaMax } from '#shared/contract/fields'
import { fieldErrorText } from '#client/components/form/field-error-text'
import { zodFieldErrors } from '#client/components/form/zod-errors'
import { ApiError } from '#client/lib/http'
import { translate } from '#client/lib/i18n'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { useLeaveMessage } from '../api/post-leave-message.ts'
import './site-pages.css'

const empty: LeaveMessageFields = { Name: '', Phone: '', Email: '', Company: '', Message: '' }

/**
 * The contact page's "leave a message" form, validated on both sides with the same rules.
 * `message` starts the message text (a quotation request names its product).
 */
export function LeaveMessageForm({ message = '' }: { message?: string }) {
  const { t } = useLingui()
  const [values, setValues] = useState<LeaveMessageFields>({ ...empty, Message: message })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const mutation = useLeaveMessage()
  useUnsavedWork(Object.entries(values).some(([k, v]) => v !== '' && !(k === 'Message' && v === message)))
  const set = (k: keyof LeaveMessageFields) => (v: string) => {
    setValues((cur) => ({ ...cur, [k]: k === 'Phone' ? v.replace(/\D/g, '') : v }))
    setErrors((cur) => ({ ...cur, [k]: '' }))
  }
  const err = (k: keyof LeaveMessageFields) => (errors[k] ? translate(fieldErrorText(errors[k])) : undefined)

  const submit = async () => {
    const parsed = leaveMessageFields.safeParse(values)
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      Toast.show({ icon: 'fail', content: t`Please correct the marked fields` })
      return
    }
    const sending = mutation.mutateAsync({ fields: values, idempotencyKey: crypto.randomUUID(), queuedOffline: !navigator.onLine })
    if (!navigator.onLine) {
      // kept in the outbox (persisted) and sent once the connection returns
      Toast.show({ icon: 'success', content: t`You are offline: the message will be sent when you are back online` })
      setValues(empty)
      setErrors({})
      void sending.catch(() => {})
      return
    }
    try {
      const res = await sending
      Toast.show({ icon: 'success', content: res.msg })
      setValues(empty)
      setErrors({})
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) {
        setErrors(Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k.replace(/^postData\./, ''), v])))
      }
      Toast.show({ icon: 'fail', content: e instanceof Error ? e.message : t`The message could not be sent` })
    }
  }

  return (
    <Form
      layout="horizontal"
      className="leave-message-form"
      onFinish={() => void submit()}
      footer={
        <Button block type="submit" color="primary" size="large" loading={mutation.isPending}>
          <Trans>Send message</Trans>
        </Button>
      }
    >
      <Form.Header><Trans>Leave a message</Trans></Form.Header>
      <Form.Item label={t`Name`} required help={undefined} description={err('Name')} className={errors.Name ? 'has-error' : ''}>
        <Input name="Name" value={values.Name} onChange={set('Name')} maxLength={50} autoComplete="name" placeholder={t`Your name`} />
      </Form.Item>
      <Form.Item label={t`Phone`} required description={err('Phone')} className={errors.Phone ? 'has-error' : ''}>
        <Input name="Phone" value={values.Phone} onChange={set('Phone')} type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" placeholder={t`11-digit mobile number`} />
      </Form.Item>
      <Form.Item label={t`E-mail`} description={err('Email')} className={errors.Email ? 'has-error' : ''}>
        <Input name="Email" value={values.Email} onChange={set('Email')} inputMode="email" maxLength={100} autoComplete="email" />
      </Form.Item>
      <Form.Item label={t`Company`} description={err('Company')} className={errors.Company ? 'has-error' : ''}>
        <Input name="Company" value={values.Company} onChange={set('Company')} maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item label={t`Message`} required layout="vertical" description={err('Message')} className={errors.Message ? 'has-error' : ''}>
        <TextArea name="Message" value={values.Message} onChange={set('Message')} maxLength={textareaMax} showCount rows={4} autoSize={{ minRows: 4, maxRows: 8 }} placeholder={t`What can we do for you?`} />
      </Form.Item>
    </Form>
  )
}

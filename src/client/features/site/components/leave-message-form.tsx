import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { LeaveMessageFields } from '#shared/contract/leaving'
import { contactPhoneMax, textareaMax } from '#shared/contract/field-rules'
import type { fieldErrorText as FieldErrorText } from '#client/components/form/field-error-text'
import { ApiError, errorText as failureText } from '#client/lib/http'
import { translate } from '#client/lib/i18n'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { useLeaveMessage } from '../api/post-leave-message.ts'
import { leaveMessageDeliveredEvent } from '../leave-message-delivered.ts'
import './contact-page.css'

const empty: LeaveMessageFields = { Name: '', Phone: '', Email: '', Company: '', Message: '' }
type Status = { ok: boolean; text: string } | undefined

function Field({
  label,
  required,
  error,
  children,
}: {
  label: string
  required?: boolean
  error: string | undefined
  children: ReactNode
}) {
  return (
    <label className={`leave-message-field${error ? ' has-error' : ''}`}>
      <span className="leave-message-label">
        {required && <span className="leave-message-required">*</span>}
        {label}
      </span>
      {children}
      {error && <span className="leave-message-error">{error}</span>}
    </label>
  )
}

/**
 * The contact page's "leave a message" form, validated on both sides with the same rules.
 * Native form controls (no UI library: the page stays within a visitor's first-load budget).
 * `message` starts the message text (a quotation request names its product).
 */
export function LeaveMessageForm({ message = '' }: { message?: string }) {
  const { t } = useLingui()
  const [values, setValues] = useState<LeaveMessageFields>({ ...empty, Message: message })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<Status>()
  // a message sent offline reached the server: said where "will be sent" was said
  useEffect(() => {
    const arrived = () =>
      setStatus({
        ok: true,
        text: t`Your message has arrived. Thank you!`,
      })
    window.addEventListener(leaveMessageDeliveredEvent, arrived)
    return () => window.removeEventListener(leaveMessageDeliveredEvent, arrived)
  }, [t])
  // the texts of the field rules load with the first send, as the rules do (first-load budget)
  const [errorText, setErrorText] = useState<{ of: typeof FieldErrorText }>()
  const mutation = useLeaveMessage()
  const ref = useRef<HTMLFormElement>(null)
  useUnsavedWork(
    Object.entries(values).some(([k, v]) => v !== '' && !(k === 'Message' && v === message)),
  )
  const set = (k: keyof LeaveMessageFields) => (e: { target: { value: string } }) => {
    const v = e.target.value
    setValues((cur) => ({ ...cur, [k]: v }))
    // a phone number or an e-mail address: filling one clears the "leave one" message on Phone
    setErrors((cur) => ({
      ...cur,
      [k]: '',
      ...(k === 'Email' && cur.Phone === 'phoneOrEmail' ? { Phone: '' } : {}),
    }))
  }
  const err = (k: keyof LeaveMessageFields) =>
    errors[k] ? translate(errorText?.of(errors[k]) ?? errors[k]) : undefined
  const done = (text: string) => {
    setStatus({ ok: true, text })
    setValues(empty)
    setErrors({})
  }

  const submit = async () => {
    // the rules (zod), their texts and the outbox's send load on the first send, not with the page (first-load budget)
    const { leaveMessageFields, fieldErrorText, zodFieldErrors, sendOrQueue, focusFirstErrorSoon } =
      await import('./leave-message-send.ts')
    const focusErrors = () => void focusFirstErrorSoon(() => ref.current)
    setErrorText({ of: fieldErrorText })
    const parsed = leaveMessageFields.safeParse(values)
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      focusErrors()
      setStatus({ ok: false, text: t`Please correct the marked fields` })
      return
    }
    try {
      // offline: kept in the outbox (on the device) and sent once the connection returns
      const r = await sendOrQueue(mutation.mutateAsync, {
        fields: values,
        idempotencyKey: crypto.randomUUID(),
      })
      done(
        r.queued
          ? t`You are offline: the message will be sent when you are back online`
          : r.data.msg,
      )
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) {
        setErrors(
          Object.fromEntries(
            Object.entries(e.fieldErrors).map(([k, v]) => [k.replace(/^postData\./, ''), v]),
          ),
        )
        focusErrors()
      }
      setStatus({ ok: false, text: failureText(e, t`The message could not be sent`) })
    }
  }

  return (
    <form
      ref={ref}
      className="leave-message-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <h2 className="leave-message-title">
        <Trans>Leave a message</Trans>
      </h2>
      <Field label={t`Name`} required error={err('Name')}>
        <input
          name="Name"
          value={values.Name}
          onChange={set('Name')}
          maxLength={50}
          autoComplete="name"
          placeholder={t`Your name`}
        />
      </Field>
      <p className="leave-message-hint">
        <Trans>A phone number or an e-mail address, so we can answer.</Trans>
      </p>
      <Field label={t`Phone`} error={err('Phone')}>
        <input
          name="Phone"
          value={values.Phone}
          onChange={set('Phone')}
          type="tel"
          inputMode="tel"
          maxLength={contactPhoneMax}
          autoComplete="tel"
          placeholder={t`Mobile or 010-12345678`}
        />
      </Field>
      <Field label={t`E-mail`} error={err('Email')}>
        <input
          name="Email"
          value={values.Email}
          onChange={set('Email')}
          type="email"
          inputMode="email"
          maxLength={100}
          autoComplete="email"
        />
      </Field>
      <Field label={t`Company`} error={err('Company')}>
        <input
          name="Company"
          value={values.Company}
          onChange={set('Company')}
          maxLength={100}
          autoComplete="organization"
        />
      </Field>
      <Field label={t`Message`} required error={err('Message')}>
        <textarea
          name="Message"
          value={values.Message}
          onChange={set('Message')}
          maxLength={textareaMax}
          rows={4}
          placeholder={t`What can we do for you?`}
        />
        <span className="leave-message-count">
          {values.Message.length}/{textareaMax}
        </span>
      </Field>
      {status && (
        <p role="status" className={`leave-message-status${status.ok ? '' : ' is-error'}`}>
          {status.text}
        </p>
      )}
      <button type="submit" className="leave-message-submit" disabled={mutation.isPending}>
        <Trans>Send message</Trans>
      </button>
    </form>
  )
}

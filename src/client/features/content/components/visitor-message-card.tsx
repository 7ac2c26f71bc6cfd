import { useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Dialog, TextArea } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import { leavingUpdateRecord, type LeavingRow } from '#shared/contract/leaving-admin'
import { textareaMax } from '#shared/contract/fields'
import { fieldErrorText } from '#client/components/form/field-error-text'
import { translate } from '#client/lib/i18n'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import type { useHandleMessages } from '../api/post-handle-messages.ts'

type Props = { m: LeavingRow; canEdit: boolean; actions: ReturnType<typeof useHandleMessages> }

/** One visitor message: who, what, the staff reply/notes; mark handled, edit the reply, delete (spam). */
export function VisitorMessageCard({ m, canEdit, actions }: Props) {
  const { t, i18n } = useLingui()
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState('')
  useUnsavedWork(draft !== null && draft.trim() !== m.Reply)
  const when = (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' })
  const by = m.RepliedBy
  const at = m.RepliedAt ? when(m.RepliedAt) : ''
  const from = m.Name

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work()
      Toast.show({ icon: 'success', content: done, duration: 3000 })
      return true
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: errorText(e, t`The changes could not be saved`),
        duration: 3000,
      })
      return false
    }
  }
  const saveReply = async () => {
    const parsed = leavingUpdateRecord.safeParse({ Id: m.Id, Reply: draft ?? '' })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'tooLong')
    if (await run(() => actions.reply(m.Id, parsed.data.Reply ?? ''), t`Reply saved`))
      setDraft(null)
  }
  const remove = async () => {
    const ok = await Dialog.confirm({
      title: t`Warm tip`,
      content: t`Delete the message from ${from}? This cannot be undone.`,
      confirmText: t`OK`,
      cancelText: t`Cancel`,
    })
    if (ok) await run(() => actions.remove([m.Id]), t`Message deleted`)
  }

  return (
    <li
      className={`content-card${m.Handled ? '' : ' is-open'}`}
      data-testid="visitor-message"
      data-id={m.Id}
    >
      <header>
        <strong>{m.Name}</strong>
        {m.Company ? <span>{m.Company}</span> : null}
        <time dateTime={m.CreateTime}>{when(m.CreateTime)}</time>
      </header>
      <p className="content-message">{m.Message}</p>
      {draft !== null ? (
        <div className={`visitor-reply-edit${error ? ' has-error' : ''}`}>
          <TextArea
            aria-label={t`Reply or notes`}
            value={draft}
            onChange={(v) => (setDraft(v), setError(''))}
            maxLength={textareaMax}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t`What was answered, or notes for colleagues`}
            data-testid="visitor-reply-input"
          />
          {error ? (
            <p className="visitor-reply-error" role="alert">
              {translate(fieldErrorText(error))}
            </p>
          ) : null}
          <div className="visitor-reply-buttons">
            <button
              type="button"
              onClick={() => (setDraft(null), setError(''))}
            >{t`Cancel`}</button>
            <button
              type="button"
              className="is-primary"
              disabled={actions.isPending}
              onClick={() => void saveReply()}
              data-testid="visitor-reply-save"
            >{t`Save reply`}</button>
          </div>
        </div>
      ) : m.Reply ? (
        <blockquote className="visitor-reply" data-testid="visitor-reply">
          <p>{m.Reply}</p>
          <small>{t`Written by ${by} on ${at}`}</small>
        </blockquote>
      ) : null}
      <footer>
        {/* a visitor may leave an e-mail address only; the number keeps what was typed (+44 20 ...) */}
        {m.Phone ? <a href={`tel:${m.Phone.replace(/[^\d+]/g, '')}`}>{m.Phone}</a> : null}
        {m.Email ? <a href={`mailto:${m.Email}`}>{m.Email}</a> : null}
        {canEdit ? (
          <span className="visitor-message-actions">
            {draft === null ? (
              <button
                type="button"
                onClick={() => setDraft(m.Reply)}
                data-testid="visitor-reply-edit"
              >
                {m.Reply ? t`Edit reply` : t`Reply / notes`}
              </button>
            ) : null}
            <button
              type="button"
              disabled={actions.isPending}
              onClick={() =>
                void run(
                  () => actions.handle([m.Id], !m.Handled),
                  m.Handled ? t`Marked as not handled` : t`Marked as handled`,
                )
              }
              data-testid="visitor-message-toggle"
            >
              {m.Handled ? t`Mark as not handled` : t`Mark as handled`}
            </button>
            <button
              type="button"
              className="is-danger"
              disabled={actions.isPending}
              onClick={() => void remove()}
              data-testid="visitor-message-delete"
            >{t`Delete`}</button>
          </span>
        ) : null}
      </footer>
    </li>
  )
}

import { useLingui } from '@lingui/react/macro'
import { Button, TextArea } from 'antd-mobile'
import { useState } from 'react'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'

type Props = {
  count: number
  onClose: () => void
  onAudit: (status: 1 | -1, comment: string) => void
  busy: boolean
}

/** Pass or reject the selected records; a rejection needs a comment (the server says so too). */
export function AuditDialog({ count, onClose, onAudit, busy }: Props) {
  const { t } = useLingui()
  const [comment, setComment] = useState('')
  const [missing, setMissing] = useState(false)
  return (
    <ResponsiveSheet
      open
      onClose={onClose}
      title={t`Audit ${count} record(s)`}
      testId="audit-dialog"
    >
      <div className="grid-audit">
        <TextArea
          value={comment}
          onChange={(v) => (setComment(v), setMissing(false))}
          placeholder={t`Comment (required to reject)`}
          maxLength={500}
          rows={3}
          aria-label={t`Comment`}
        />
        {missing ? (
          <p
            className="grid-cell-error"
            role="alert"
          >{t`Please give a reason for the rejection`}</p>
        ) : null}
        <div className="grid-audit-actions">
          <Button
            color="success"
            loading={busy}
            onClick={() => onAudit(1, comment)}
            data-testid="audit-pass"
          >
            {t`Pass`}
          </Button>
          <Button
            color="danger"
            loading={busy}
            data-testid="audit-reject"
            onClick={() => (comment.trim() === '' ? setMissing(true) : onAudit(-1, comment))}
          >
            {t`Reject`}
          </Button>
        </div>
      </div>
    </ResponsiveSheet>
  )
}

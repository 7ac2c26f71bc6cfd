import { Trans, useLingui } from '@lingui/react/macro'
import './delivered-notice.css'

/** The "your message has arrived" box itself: loaded the first time it shows (delivered-notice.tsx). */
export function DeliveredNoticeBox({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  return (
    <div className="delivered-notice" role="status" data-testid="leave-message-delivered">
      <span>
        <Trans>Your message has arrived. Thank you!</Trans>
      </span>
      <button type="button" onClick={onClose} aria-label={t`Close`}>
        ×
      </button>
    </div>
  )
}

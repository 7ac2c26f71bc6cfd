import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { leaveMessageDeliveredEvent } from '../leave-message-delivered.ts'
import './delivered-notice.css'

/**
 * "Your message has arrived": shown in the site layout when a contact message sent offline
 * reaches the server, on whichever public page the visitor is (the contact form says it in its
 * own status line instead). Stays until closed.
 */
export function DeliveredNotice() {
  const { t } = useLingui()
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const show = () => {
      if (!document.querySelector('.leave-message-form')) setShown(true)
    }
    window.addEventListener(leaveMessageDeliveredEvent, show)
    return () => window.removeEventListener(leaveMessageDeliveredEvent, show)
  }, [])
  if (!shown) return null
  return (
    <div className="delivered-notice" role="status" data-testid="leave-message-delivered">
      <span>
        <Trans>Your message has arrived. Thank you!</Trans>
      </span>
      <button type="button" onClick={() => setShown(false)} aria-label={t`Close`}>
        ×
      </button>
    </div>
  )
}

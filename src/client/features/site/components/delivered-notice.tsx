import { lazy, Suspense, useEffect, useState } from 'react'
import { leaveMessageDeliveredEvent } from '../leave-message-delivered.ts'

const DeliveredNoticeBox = lazy(() =>
  import('./delivered-notice-box.tsx').then((m) => ({ default: m.DeliveredNoticeBox })),
)

/**
 * "Your message has arrived": shown in the site layout when a contact message sent offline
 * reaches the server, on whichever public page the visitor is (the contact form says it in its
 * own status line instead). Stays until closed. The box loads when it first shows, not with
 * every page.
 */
export function DeliveredNotice() {
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
    <Suspense fallback={null}>
      <DeliveredNoticeBox onClose={() => setShown(false)} />
    </Suspense>
  )
}

import { Trans } from '@lingui/react/macro'
import { useState } from 'react'

const current = () => (typeof Notification === 'function' ? Notification.permission : 'unsupported')

/**
 * Asks for system notifications from a tap (never on load); says when they are on or
 * blocked. Nothing shows in a browser without notifications.
 */
export function NoticePermission() {
  const [state, setState] = useState(current)
  if (state === 'unsupported') return null
  if (state === 'granted') {
    return (
      <p className="notice-permission" data-testid="notice-permission" data-state="granted">
        <Trans>System notifications on</Trans>
      </p>
    )
  }
  if (state === 'denied') {
    return (
      <p className="notice-permission" data-testid="notice-permission" data-state="denied">
        <Trans>System notifications blocked by the browser</Trans>
      </p>
    )
  }
  const ask = () => {
    void Notification.requestPermission()
      .catch(() => current())
      .then(() => setState(current()))
  }
  return (
    <p className="notice-permission" data-testid="notice-permission" data-state="default">
      <button
        type="button"
        className="notice-link-button"
        data-testid="notice-permission-ask"
        onClick={ask}
      >
        <Trans>Allow system notifications</Trans>
      </button>
    </p>
  )
}

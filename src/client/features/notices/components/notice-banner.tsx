import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import type { Notice } from '#shared/contract/notices'
import './notice-banner.css'

/** How long the banner of a live notice stays when not touched or focused. */
export const noticeBannerMs = 8000

type Props = { notice: Notice | null; onView: (n: Notice) => void; onClose: () => void }

/**
 * A short banner at the top of the window when a notice arrives live: its text, View
 * and close. It goes away by itself unless the pointer or focus is on it.
 */
export function NoticeBanner({ notice, onView, onClose }: Props) {
  const { t } = useLingui()
  const [held, setHeld] = useState(false)
  useEffect(() => {
    if (!notice || held) return
    const timer = setTimeout(onClose, noticeBannerMs)
    return () => clearTimeout(timer)
  }, [notice, held, onClose])
  if (!notice) return null
  return createPortal(
    <div
      className="notice-banner"
      role="status"
      data-testid="notice-banner"
      data-id={notice.Id}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="notice-banner-msg">{notice.Msg}</p>
      <button
        type="button"
        className="notice-banner-view"
        data-testid="notice-banner-view"
        aria-label={t`View: ${notice.Msg}`}
        onClick={() => {
          onView(notice)
          onClose()
        }}
      >
        <Trans>View</Trans>
      </button>
      <button type="button" className="notice-banner-close" aria-label={t`Close`} onClick={onClose}>
        ×
      </button>
    </div>,
    document.body,
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { DotLoading } from 'antd-mobile'
import type { Notice } from '#shared/contract/notices'
import { useLocale } from '#client/lib/locale-store'
import { formatNoticeTime } from '../notice-link.ts'

type Props = {
  notices: readonly Notice[] | undefined
  isPending: boolean
  isError: boolean
  onRetry: () => void
  onView: (n: Notice) => void
}

/** A short list of notices (bell tabs): text, time and a View link each. */
export function NoticeList({ notices, isPending, isError, onRetry, onView }: Props) {
  const { t } = useLingui()
  const locale = useLocale()
  if (isPending) {
    return (
      <div className="notice-state" role="status">
        <DotLoading /> <Trans>Loading…</Trans>
      </div>
    )
  }
  if (isError || !notices) {
    return (
      <p className="notice-state" role="alert">
        <Trans>The notices could not be loaded</Trans>{' '}
        <button type="button" className="notice-link-button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </p>
    )
  }
  if (notices.length === 0) {
    return (
      <p className="notice-state" data-testid="notice-empty">
        <Trans>No messages</Trans>
      </p>
    )
  }
  return (
    <ul className="notice-list">
      {notices.map((n) => (
        <li
          key={n.Id}
          className={`notice-item${n.IsRead ? '' : ' is-unread'}`}
          data-testid="notice-item"
          data-id={n.Id}
        >
          <p className="notice-msg">{n.Msg}</p>
          <div className="notice-meta">
            <time dateTime={n.CreateTimeString}>
              {formatNoticeTime(n.CreateTimeString, locale)}
            </time>
            <button
              type="button"
              className="notice-link-button"
              aria-label={t`View: ${n.Msg}`}
              onClick={() => onView(n)}
            >
              <Trans>View</Trans>
            </button>
          </div>
        </li>
      ))}
    </ul>
  )
}

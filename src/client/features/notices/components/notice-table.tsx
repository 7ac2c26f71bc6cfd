import { Trans, useLingui } from '@lingui/react/macro'
import { Tag } from 'antd-mobile'
import type { Notice } from '#shared/contract/notices'
import { useLocale } from '#client/lib/locale-store'
import { formatNoticeTime, noticeTypeLabel } from '../notice-link.ts'

type Props = { notices: readonly Notice[]; narrow: boolean; onView: (n: Notice) => void }

function ReadTag({ read }: { read: boolean }) {
  return read ? (
    <Tag color="default" fill="outline">
      <Trans>Read</Trans>
    </Tag>
  ) : (
    <Tag color="warning">
      <Trans>Unread</Trans>
    </Tag>
  )
}

/** All messages: cards on phones, a table on wider screens; View opens the notice's page. */
export function NoticeTable({ notices, narrow, onView }: Props) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const viewButton = (n: Notice) => (
    <button
      type="button"
      className="notice-link-button"
      aria-label={t`View: ${n.Msg}`}
      onClick={() => onView(n)}
    >
      <Trans>View</Trans>
    </button>
  )
  if (narrow) {
    return (
      <ul className="workbench-cards" data-testid="workbench-list">
        {notices.map((n) => (
          <li
            key={n.Id}
            className={`workbench-card${n.IsRead ? '' : ' is-unread'}`}
            data-testid="workbench-row"
            data-id={n.Id}
          >
            <div className="workbench-card-head">
              <Tag color="primary" fill="outline">
                {i18n._(noticeTypeLabel[n.CreateType])}
              </Tag>
              <ReadTag read={n.IsRead} />
            </div>
            <p className="notice-msg">{n.Msg}</p>
            <div className="notice-meta">
              <span>
                {n.OrderNo} ·{' '}
                <time dateTime={n.CreateTimeString}>
                  {formatNoticeTime(n.CreateTimeString, locale)}
                </time>
              </span>
              {viewButton(n)}
            </div>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <table className="workbench-table" data-testid="workbench-list">
      <thead>
        <tr>
          <th scope="col">{t`Type`}</th>
          <th scope="col">{t({ message: 'Message', context: 'notice text column' })}</th>
          <th scope="col">{t`Order number`}</th>
          <th scope="col">{t`Time`}</th>
          <th scope="col">{t`State`}</th>
          <th scope="col">
            <span className="notice-sr-only">{t`Actions`}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {notices.map((n) => (
          <tr
            key={n.Id}
            className={n.IsRead ? undefined : 'is-unread'}
            data-testid="workbench-row"
            data-id={n.Id}
          >
            <td>{i18n._(noticeTypeLabel[n.CreateType])}</td>
            <td className="workbench-msg">{n.Msg}</td>
            <td>{n.OrderNo}</td>
            <td>
              <time dateTime={n.CreateTimeString}>
                {formatNoticeTime(n.CreateTimeString, locale)}
              </time>
            </td>
            <td>
              <ReadTag read={n.IsRead} />
            </td>
            <td>{viewButton(n)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Tabs } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { lazy, Suspense, useState } from 'react'
import { translate } from '#client/lib/i18n'
import { recentlyReadFilters, unreadFilters, useNotices } from '../api/get-notices.ts'
import { messageDuration, showFailure, useViewNotice } from '../use-view-notice.ts'
import { NoticeList } from './notice-list.tsx'

const NoticePermission = lazy(() =>
  import('./notice-permission.tsx').then((m) => ({ default: m.NoticePermission })),
)
const NoticePush = lazy(() => import('./notice-push.tsx').then((m) => ({ default: m.NoticePush })))

type Tab = 'unread' | 'read'

/**
 * The notice popover's content (SPEC §2): tabs "Notices" (unread) and "Recently read", a View
 * link per notice, Clear messages (marks every listed unread notice read) and All messages, and
 * the request for system notifications and for Web Push. `onNavigated`: a View opened the page in the app.
 */
export function NoticePanel({
  onAllMessages,
  onNavigated,
}: {
  onAllMessages: () => void
  onNavigated?: () => void
}) {
  const { t } = useLingui()
  const [tab, setTab] = useState<Tab>('unread')
  const unread = useNotices(unreadFilters)
  const read = useNotices(recentlyReadFilters, tab === 'read')
  const { view, markRead, isPending } = useViewNotice({ onNavigated })
  const listed = (unread.data?.result ?? []).filter((n) => !n.IsRead).map((n) => n.Id)

  const clear = async () => {
    if (listed.length === 0) return
    try {
      const sent = await markRead(listed)
      const content =
        sent === 'sent'
          ? msg`Messages cleared`
          : msg`You are offline: the change will be sent when you are back online`
      Toast.show({ icon: 'success', content: translate(content), duration: messageDuration })
    } catch (e) {
      showFailure(e)
    }
  }

  return (
    <div className="notice-panel" data-testid="notice-panel">
      <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} className="notice-tabs">
        <Tabs.Tab title={t`Notices`} key="unread">
          <NoticeList
            notices={unread.data?.result}
            isPending={unread.isPending}
            isError={unread.isError}
            onRetry={() => void unread.refetch()}
            onView={view}
          />
        </Tabs.Tab>
        <Tabs.Tab title={t`Recently read`} key="read">
          <NoticeList
            notices={read.data?.result}
            isPending={read.isPending}
            isError={read.isError}
            onRetry={() => void read.refetch()}
            onView={view}
          />
        </Tabs.Tab>
      </Tabs>
      <div className="notice-actions">
        <Button
          size="small"
          onClick={() => void clear()}
          disabled={listed.length === 0}
          loading={isPending}
          data-testid="notice-clear"
        >
          <Trans>Clear messages</Trans>
        </Button>
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={onAllMessages}
          data-testid="notice-all"
        >
          <Trans>All messages</Trans>
        </Button>
      </div>
      <Suspense fallback={null}>
        <NoticePermission />
        <NoticePush />
      </Suspense>
    </div>
  )
}

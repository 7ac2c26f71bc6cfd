import { useLingui } from '@lingui/react/macro'
import { PullToRefresh } from 'antd-mobile'
import type { ReactNode } from 'react'
import { hasUnsavedWork } from '#client/lib/unsaved-work'
import { confirmWarmTip } from './confirm.ts'

/**
 * How far (px, after the rubber band) a page must be pulled down for releasing it to refresh.
 * The pull follows the finger up to five head heights (200 px), so any deliberate pull of
 * 80 px or more gets there; a short flick does not.
 */
export const pullRefreshThreshold = 60
const headHeight = 40

type Props = { enabled: boolean; onRefresh: () => Promise<void>; children: ReactNode }

/**
 * Pull down to refresh the page on phones (issue 20), every staff page alike: the same refresh
 * as the header's refresh control. Unsaved input is only dropped after the app's own dialog.
 */
export function PagePullRefresh({ enabled, onRefresh, children }: Props) {
  const { t } = useLingui()
  const refresh = async () => {
    if (hasUnsavedWork() && !(await confirmWarmTip(t`Some input is not saved yet. Refresh anyway?`))) return
    await onRefresh()
  }
  return (
    <PullToRefresh
      disabled={!enabled}
      threshold={pullRefreshThreshold}
      headHeight={headHeight}
      onRefresh={refresh}
      pullingText={t`Pull down to refresh`}
      canReleaseText={t`Release to refresh`}
      refreshingText={t`Refreshing…`}
      completeText={t`Refreshed`}
    >
      {children}
    </PullToRefresh>
  )
}

import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { hasUnsavedWork } from '#client/lib/unsaved-work'
import { confirmWarmTip } from './confirm.ts'
import { usePagePull } from './use-page-pull.ts'

type Props = { enabled: boolean; onRefresh: () => Promise<void>; children: ReactNode }

/**
 * Pull down to refresh the page on phones, every staff page alike: the same refresh
 * as the header's refresh control. Unsaved input is only dropped after the app's own dialog.
 */
export function PagePullRefresh({ enabled, onRefresh, children }: Props) {
  const { t } = useLingui()
  const { status, shift } = usePagePull(enabled, async () => {
    if (
      hasUnsavedWork() &&
      !(await confirmWarmTip(t`Some input is not saved yet. Refresh anyway?`))
    )
      return
    await onRefresh()
  })
  const text = {
    idle: '',
    pulling: t`Pull down to refresh`,
    canRelease: t`Release to refresh`,
    refreshing: t`Refreshing…`,
  }[status]
  return (
    <>
      {enabled && status !== 'idle' ? (
        <div
          className="shell-pull"
          role="status"
          data-testid="page-pull"
          data-status={status}
          style={{ height: status === 'refreshing' ? 40 : shift }}
        >
          {text}
        </div>
      ) : null}
      {children}
    </>
  )
}

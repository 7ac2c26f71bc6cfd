import { msg } from '@lingui/core/macro'
import { Toast } from 'antd-mobile'
import type { Notice } from '#shared/contract/notices'
import { translate } from '#client/lib/i18n'
import { useReadNotices } from './api/post-read-notices.ts'
import { openNoticeTarget } from './notice-link.ts'

/** SPEC §9: messages stay 3000 ms. */
export const messageDuration = 3000

export function showFailure(e: unknown) {
  const content = e instanceof Error && e.message ? e.message : translate(msg`The notices could not be updated`)
  Toast.show({ icon: 'fail', content, duration: messageDuration })
}

/**
 * View a notice (SPEC §4): opens its page in a new tab first (inside the click, so no popup
 * blocker steps in), then marks it read when it was unread.
 */
export function useViewNotice() {
  const { markRead, isPending } = useReadNotices()
  const view = (n: Notice) => {
    openNoticeTarget(n)
    if (!n.IsRead) markRead([n.Id]).catch(showFailure)
  }
  return { view, markRead, isPending }
}

import { msg } from '@lingui/core/macro'
import { useNavigate } from '@tanstack/react-router'
import { Toast } from '#client/components/feedback/toast'
import type { Notice } from '#shared/contract/notices'
import { translate } from '#client/lib/i18n'
import { useReadNotices } from './api/post-read-notices.ts'
import { noticeHref, openNoticeTarget, opensInApp, viewPlace } from './notice-link.ts'

/** SPEC §9: messages stay 3000 ms. */
export const messageDuration = 3000

export function showFailure(e: unknown) {
  const content =
    e instanceof Error && e.message ? e.message : translate(msg`The notices could not be updated`)
  Toast.show({ icon: 'fail', content, duration: messageDuration })
}

type ViewOptions = {
  /** called after an in-app navigation (phone, installed app): close the sheet or banner */
  onNavigated?: () => void
}

/**
 * View a notice (SPEC §4): in a desktop browser opens its page in a new tab first (inside the
 * click, so no popup blocker steps in); on a phone or in the installed app navigates in the app.
 * Then marks it read when it was unread.
 */
export function useViewNotice({ onNavigated }: ViewOptions = {}) {
  const { markRead, isPending } = useReadNotices()
  const navigate = useNavigate()
  const view = (n: Notice) => {
    if (opensInApp(viewPlace())) {
      void navigate({ href: noticeHref(n) })
      onNavigated?.()
    } else {
      openNoticeTarget(n)
    }
    if (!n.IsRead) markRead([n.Id]).catch(showFailure)
  }
  return { view, markRead, isPending }
}

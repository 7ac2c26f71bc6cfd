import { useLingui } from '@lingui/react/macro'
import { useBlocker } from '@tanstack/react-router'
import { Dialog } from 'antd-mobile'
import { hasUnsavedWork } from '#client/lib/unsaved-work'

/**
 * While an editor is open: leaving the screen (a link, back, closing or reloading the tab) with
 * unsaved input asks first. `confirmLeave` asks the same before the editor itself is closed.
 */
export function useLeaveGuard() {
  const { t } = useLingui()
  const confirmLeave = async () =>
    !hasUnsavedWork() ||
    (await Dialog.confirm({
      title: t`Warm tip`,
      content: t`Some input is not saved yet. Leave anyway?`,
      confirmText: t`OK`,
      cancelText: t`Cancel`,
    }))
  useBlocker({
    shouldBlockFn: async () => !(await confirmLeave()),
    enableBeforeUnload: hasUnsavedWork,
  })
  return confirmLeave
}

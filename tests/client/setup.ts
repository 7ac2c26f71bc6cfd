import { createRequire } from 'node:module'
import { afterAll, afterEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { installAntdRenderer } from '#client/app/antd-render'
import { activateLocale } from '#client/lib/i18n'

// `findBy…` and `waitFor` wait for a condition; 1 s (the default) is too short when the machine
// is busy (an RSA encryption and a route change under a load of 20 took over 2 s).
configure({ asyncUtilTimeout: 10_000 })
// jsdom has no layout and no scrollIntoView (forms scroll to their first field in error)
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= function () {}
installAntdRenderer()
// Under vitest the `antd-mobile` barrel resolves to its CommonJS build, a separate copy of the
// render setting: give that copy the same React 19 renderer.
const barrel = await import('antd-mobile')
const { unstableSetRender: esSetRender } = await import('antd-mobile/es/utils/unstable-render')
barrel.unstableSetRender(esSetRender())
await activateLocale('zh')
afterEach(() => {
  cleanup()
  // toasts and dialogs live in their own React roots, which cleanup() does not unmount
  barrel.Toast.clear()
  barrel.Dialog.clear()
  localStorage.clear()
})
// Let React finish the work it scheduled while the DOM still exists; run after the environment
// is torn down, it throws "window is not defined" (CI failed on it once, after 50 ms were not
// enough on a busy machine). antd-mobile's toasts and dialogs unmount their own roots when their
// closing animation ends; then the commit's passive effects wait in React's scheduler, which runs
// an idle-priority task only after every task queued before it.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50))
  const deadline = Date.now() + 5_000
  const closing = '.adm-toast-mask, .adm-mask, .adm-popup, .adm-center-popup-wrap'
  while (document.querySelector(closing) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  // react-dom's own copy (Node's require cache), untyped: the two members used here
  const scheduler = createRequire(import.meta.url)('scheduler') as {
    unstable_IdlePriority: number
    unstable_scheduleCallback: (priority: number, callback: () => void) => unknown
  }
  await new Promise((resolve) =>
    scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, () => resolve(null)),
  )
})

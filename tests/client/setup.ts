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
// Let React finish work it scheduled (a closing toast, a last state update) while the DOM still
// exists: otherwise it can run after the environment is torn down ("window is not defined").
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50))
})

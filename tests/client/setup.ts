import { afterEach } from 'vitest'
import { cleanup } from '@testing-library/react'
import { installAntdRenderer } from '#client/app/antd-render'
import { activateLocale } from '#client/lib/i18n'

installAntdRenderer()
// Under vitest the `antd-mobile` barrel resolves to its CommonJS build, a separate copy of the
// render setting: give that copy the same React 19 renderer.
const barrel = await import('antd-mobile')
const { unstableSetRender: esSetRender } = await import('antd-mobile/es/utils/unstable-render')
barrel.unstableSetRender(esSetRender())
await activateLocale('zh')
afterEach(() => {
  cleanup()
  localStorage.clear()
})

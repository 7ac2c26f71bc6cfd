import { afterEach } from 'vitest'
import { cleanup } from '@testing-library/react'
import { installAntdRenderer } from '#client/app/antd-render'
import { activateLocale } from '#client/lib/i18n'

installAntdRenderer()
await activateLocale('zh')
afterEach(() => {
  cleanup()
  localStorage.clear()
})

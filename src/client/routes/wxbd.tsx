import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { WxBindPage } from '#client/features/auth/components/wx-bind-page'

export const Route = createFileRoute('/wxbd')({
  staticData: { title: msg`Bind WeChat` },
  component: WxBindPage,
})

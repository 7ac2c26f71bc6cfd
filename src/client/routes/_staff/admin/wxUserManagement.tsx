import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { WechatUsersPage } from '#client/features/content/components/wechat-users-page'

export const Route = createFileRoute('/_staff/admin/wxUserManagement')({
  staticData: { title: msg`WeChat users` },
  component: WechatUsersPage,
})

import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { VisitorMessagesPage } from '#client/features/content/components/visitor-messages-page'

export const Route = createFileRoute('/_staff/admin/leaving')({
  staticData: { title: msg`Visitor messages` },
  component: VisitorMessagesPage,
})

import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { LogsPage } from '#client/features/system/components/logs-page'

export const Route = createFileRoute('/_staff/system/log')({
  staticData: { title: msg`Operation log` },
  component: LogsPage,
})

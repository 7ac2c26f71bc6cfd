import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PersonalCenter } from '#client/features/auth/components/personal-center'

export const Route = createFileRoute('/_staff/setting/personalCenter')({
  staticData: { title: msg`Personal centre` },
  component: PersonalCenter,
})

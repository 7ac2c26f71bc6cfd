import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { RegisterPage } from '#client/features/auth/components/register-page'

export const Route = createFileRoute('/register')({
  staticData: { title: msg`Sign up` },
  component: RegisterPage,
})

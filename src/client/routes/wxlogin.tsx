import { createFileRoute } from '@tanstack/react-router'
import { NotAvailable } from '#client/components/feedback/not-available'

export const Route = createFileRoute('/wxlogin')({
  component: NotAvailable,
})

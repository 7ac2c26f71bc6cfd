import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * `/admin`, the back-office door named in the footer, README and the start-up output: opens the
 * dashboard; signed out, the staff guard sends it through sign-in first.
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/index', replace: true })
  },
})

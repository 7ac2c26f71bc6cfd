import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/` redirects to `/index` (SPEC §2). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/index', replace: true })
  },
})

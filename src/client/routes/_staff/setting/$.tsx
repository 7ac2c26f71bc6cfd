import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { StaffPageMissing } from '#client/features/shell/components/staff-page-missing'

/** An unknown address under /setting/: not found, in the staff layout. */
export const Route = createFileRoute('/_staff/setting/$')({
  staticData: { title: msg`Page not found` },
  component: StaffPageMissing,
})

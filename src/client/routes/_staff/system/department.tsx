import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { DepartmentsPage } from '#client/features/system/components/departments-page'

export const Route = createFileRoute('/_staff/system/department')({
  staticData: { title: msg`Departments` },
  component: DepartmentsPage,
})

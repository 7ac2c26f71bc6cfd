import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useCallback } from 'react'
import { WorkbenchPage } from '#client/features/notices/components/workbench-page'
import {
  parseWorkbenchSearch,
  type WorkbenchSearch,
} from '#client/features/notices/workbench-search'

export const Route = createFileRoute('/_staff/workbench')({
  staticData: { title: msg`All messages` },
  validateSearch: parseWorkbenchSearch,
  component: function WorkbenchRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    const onSearch = useCallback(
      (next: WorkbenchSearch) => void navigate({ search: next, replace: true }),
      [navigate],
    )
    return <WorkbenchPage search={search} onSearch={onSearch} />
  },
})

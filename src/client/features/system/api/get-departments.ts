import { queryOptions, useQuery } from '@tanstack/react-query'
import { departmentListResponse } from '#shared/contract/system-departments'
import { postCall } from '#client/lib/http'

export const departmentsKey = ['system', 'departments'] as const

/** `POST Department/GetList`: every department, parents before children. */
export async function getDepartments() {
  return (await postCall('Department/GetList', departmentListResponse, {})).data.result
}

export const departmentsQueryOptions = () =>
  queryOptions({ queryKey: departmentsKey, queryFn: getDepartments })

export const useDepartments = () => useQuery(departmentsQueryOptions())

import { useMutation } from '@tanstack/react-query'
import type { LogFilter } from '#shared/contract/system-log'
import { ApiError, apiBase, http } from '#client/lib/http'

/** `POST Log/Export` with the current filter: the .xlsx the server answers is saved as a download. */
export async function postLogExport(filter: LogFilter): Promise<string> {
  const res = await http.post(`${apiBase}/Log/Export`, { json: filter, timeout: 120_000 })
  if (!res.ok || res.headers.get('content-type')?.includes('json')) {
    const body = (await res.json().catch(() => ({}))) as { code?: number; msg?: string }
    throw new ApiError(body.code ?? res.status, body.msg ?? `HTTP ${res.status}`)
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'log.xlsx'
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return name
}

export const useLogExport = () => useMutation({ mutationFn: postLogExport })

import { useMutation } from '@tanstack/react-query'
import type { GridExportBody } from '#shared/contract/grid-excel'
import { ApiError, apiBase, http } from '#client/lib/http'

const fileName = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback

/**
 * `POST {kind}/Export` with the grid's current filter: the server answers an .xlsx, which the
 * browser saves as a download. An error answer (envelope) throws.
 */
export async function postGridExport(kind: string, filter: GridExportBody): Promise<string> {
  const res = await http.post(`${apiBase}/${kind}/Export`, { json: filter, timeout: 120_000 })
  if (!res.ok || res.headers.get('content-type')?.includes('json')) {
    const body = (await res.json().catch(() => ({}))) as { code?: number; msg?: string }
    throw new ApiError(body.code ?? res.status, body.msg ?? `HTTP ${res.status}`)
  }
  const name = fileName(res.headers.get('content-disposition'), `${kind}.xlsx`)
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

export const useGridExport = (kind: string) =>
  useMutation({ mutationFn: (filter: GridExportBody) => postGridExport(kind, filter) })

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Code } from '#shared/contract/codes'
import { gridImportResponse, type GridImportResult } from '#shared/contract/grid-excel'
import { ApiError, apiBase, http } from '#client/lib/http'
import { gridKey } from './grid-keys.ts'

/** An import's answer: stored (`ok`), or refused with the rows to correct (nothing stored). */
export type GridImportOutcome = { ok: boolean; msg: string; result: GridImportResult }

/**
 * `POST {kind}/Upload` (multipart, one .xlsx): imports every row or none. A file with refused
 * rows answers code 400 with `data.rejectedRows` (row number, column, reason), returned here
 * as `ok: false`; any other failure (not an .xlsx, too large, no permission) throws.
 */
export async function postGridImport(kind: string, file: File): Promise<GridImportOutcome> {
  const form = new FormData()
  form.append('file', file, file.name)
  const res = await http.post(`${apiBase}/${kind}/Upload`, { form, timeout: 120_000 })
  let body: { code: number; msg: string; data: unknown; errors?: Record<string, string> }
  try {
    body = (await res.json()) as typeof body
  } catch {
    throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`)
  }
  if ((body.code === Code.ok || body.code === Code.badRequest) && body.data) {
    const parsed = gridImportResponse.parse(body)
    return { ok: body.code === Code.ok, msg: parsed.msg, result: parsed.data }
  }
  throw new ApiError(body.code, body.msg, body.errors)
}

/** Imports a file into a grid; a stored import refreshes that grid. */
export function useGridImport(kind: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => postGridImport(kind, file),
    onSuccess: (outcome) => {
      if (outcome.ok) void queryClient.invalidateQueries({ queryKey: gridKey(kind) })
    },
  })
}

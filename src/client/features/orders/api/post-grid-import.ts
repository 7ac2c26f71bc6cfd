import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Code } from '#shared/contract/codes'
import type { GridImportResult } from '#shared/contract/grid-excel'
import { ApiError, apiBase, http } from '#client/lib/http'
import { gridKey } from './grid-keys.ts'

/** An import's answer: a preview or a stored import (`ok`), or refused with the rows to correct (nothing stored). */
export type GridImportOutcome = { ok: boolean; msg: string; result: GridImportResult }
/**
 * `preview`: what the file would do, nothing stored; `apply`: store the previewed plan (its
 * token), with the clash rows the user ticked (`applyRows`, Excel row numbers): the other clash
 * rows are left as they are in Forgeline.
 */
export type GridImportStep =
  { mode: 'preview' } | { mode: 'apply'; token: string; applyRows?: number[] }

/**
 * `POST {kind}/Upload?mode=...` (multipart, one .xlsx or .xls). A preview answers the plan (new,
 * changed with their fields, unchanged, refused rows); an apply stores it all or nothing, and
 * only while it is still the previewed plan. A refused apply answers code 400 with
 * `data.rejectedRows`, returned here as `ok: false`; any other failure (not a spreadsheet, too
 * large, no permission, changed since the preview) throws.
 */
export async function postGridImport(
  kind: string,
  file: File,
  step: GridImportStep,
): Promise<GridImportOutcome> {
  const form = new FormData()
  form.append('file', file, file.name)
  const ticked = step.mode === 'apply' && step.applyRows?.length ? step.applyRows : undefined
  const query =
    step.mode === 'apply'
      ? `?mode=apply&token=${step.token}${ticked ? `&applyRows=${ticked.join(',')}` : ''}`
      : '?mode=preview'
  const res = await http.post(`${apiBase}/${kind}/Upload${query}`, { form, timeout: 120_000 })
  let body: { code: number; msg: string; data: unknown; errors?: Record<string, string> }
  try {
    body = (await res.json()) as typeof body
  } catch {
    throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`)
  }
  if ((body.code === Code.ok || body.code === Code.badRequest) && body.data) {
    // the answer's schema is loaded with the first import, not with every grid
    const { gridImportResponse } = await import('#shared/contract/grid-excel')
    const parsed = gridImportResponse.parse(body)
    return { ok: body.code === Code.ok, msg: parsed.msg, result: parsed.data }
  }
  throw new ApiError(body.code, body.msg, body.errors)
}

/** Previews or applies a file in a grid; an applied import refreshes that grid. */
export function useGridImport(kind: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, step }: { file: File; step: GridImportStep }) =>
      postGridImport(kind, file, step),
    onSuccess: (outcome) => {
      if (outcome.ok && outcome.result.applied)
        void queryClient.invalidateQueries({ queryKey: gridKey(kind) })
    },
  })
}

import { ApiError, apiBase, http } from './http.ts'

const fileName = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback

/**
 * A POST whose answer is a file (an .xlsx export): the browser saves it as a download under the
 * server's file name. An error answer (the JSON envelope) throws its message.
 */
export async function postDownloadCall(path: string, json: unknown, fallbackName: string): Promise<string> {
  const res = await http.post(`${apiBase}/${path}`, { json, timeout: 120_000 })
  if (!res.ok || res.headers.get('content-type')?.includes('json')) {
    const body = (await res.json().catch(() => ({}))) as { code?: number; msg?: string }
    throw new ApiError(body.code ?? res.status, body.msg ?? `HTTP ${res.status}`)
  }
  const name = fileName(res.headers.get('content-disposition'), fallbackName)
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

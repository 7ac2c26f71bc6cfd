import { ApiError, apiBase, http } from './http.ts'

const fileName = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback

/** How far a download is: bytes received, and the rows the server said the file holds (`X-Total-Count`). */
export type DownloadProgress = { bytes: number; rows?: number }

export type DownloadOptions = {
  /** called as the file arrives (a large export streams for seconds) */
  onProgress?: (p: DownloadProgress) => void
  /** cancels the download; the call then rejects with an AbortError */
  signal?: AbortSignal
}

/** The body, read chunk by chunk with the bytes counted; a cancel stops the reading (and never yields a part file). */
async function readCounting(
  res: Response,
  rows: number | undefined,
  o: DownloadOptions,
): Promise<Blob> {
  if (!res.body || !o.onProgress) return res.blob()
  const reader = res.body.getReader()
  const stop = () => void reader.cancel(o.signal?.reason).catch(() => {})
  o.signal?.addEventListener('abort', stop, { once: true })
  const parts: BlobPart[] = []
  let bytes = 0
  try {
    o.onProgress({ bytes, rows })
    for (;;) {
      const { done, value } = await reader.read()
      if (o.signal?.aborted)
        throw o.signal.reason ?? new DOMException('The download was cancelled', 'AbortError')
      if (done) break
      parts.push(value)
      bytes += value.byteLength
      o.onProgress({ bytes, rows })
    }
  } finally {
    o.signal?.removeEventListener('abort', stop)
  }
  return new Blob(parts, { type: res.headers.get('content-type') ?? '' })
}

/**
 * A POST whose answer is a file (an .xlsx export): the browser saves it as a download under the
 * server's file name. An error answer (the JSON envelope) throws its message. No time limit once
 * the file has begun: a large export streams for as long as it takes, and can be cancelled.
 */
export async function postDownloadCall(
  path: string,
  json: unknown,
  fallbackName: string,
  o: DownloadOptions = {},
): Promise<string> {
  const res = await http.post(`${apiBase}/${path}`, { json, timeout: 120_000, signal: o.signal })
  if (!res.ok || res.headers.get('content-type')?.includes('json')) {
    const body = (await res.json().catch(() => ({}))) as { code?: number; msg?: string }
    throw new ApiError(body.code ?? res.status, body.msg ?? `HTTP ${res.status}`)
  }
  const name = fileName(res.headers.get('content-disposition'), fallbackName)
  const total = Number(res.headers.get('x-total-count') ?? Number.NaN)
  const blob = await readCounting(res, Number.isFinite(total) ? total : undefined, o)
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return name
}

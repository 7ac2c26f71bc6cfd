import { Code } from '#shared/contract/codes'
import { uploadFileResponse, uploadResponse } from '#shared/contract/uploads'
import { ApiError, apiBase, postFormCall } from '#client/lib/http'
import { currentLocale } from '#client/lib/i18n'
import { accessToken } from '#client/lib/session-tokens'
import { isRetryable, writeRetryDelay } from '#client/lib/write-retry'

/** `Upload` (content and order screens) or `User/UploadAvatar` (any signed-in user's own avatar) */
export type UploadPath = 'Upload' | 'User/UploadAvatar' | 'UploadFile'

type Uploaded = ReturnType<typeof uploadResponse.parse>['data']
type Answer = {
  status: number
  body: { code?: number; msg?: string; data?: unknown; errors?: Record<string, string> } | null
}

/** One XMLHttpRequest (fetch cannot report upload progress): sends the form, reports the sent share 0..1. */
function sendWithProgress(
  path: UploadPath,
  form: FormData,
  onProgress: (share: number) => void,
  idempotencyKey: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${apiBase}/${path}`)
    const token = accessToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.setRequestHeader('lang', currentLocale())
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey)
    xhr.timeout = 60_000
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      let body: Answer['body'] = null
      try {
        body = JSON.parse(xhr.responseText) as Answer['body']
      } catch {
        body = null
      }
      resolve({ status: xhr.status, body })
    }
    xhr.onerror = () => reject(new TypeError('Failed to fetch'))
    xhr.ontimeout = () => reject(new TypeError('Failed to fetch'))
    xhr.send(form)
  })
}

/**
 * `POST Upload` (or `User/UploadAvatar`): one picture; the server checks it by its bytes, size and pixel count.
 * `onProgress` gets the share sent so far. An answer about the session (expired token, signed
 * out, 401/403) is sent again through the app's call path, which refreshes or signs out.
 */
export async function postUpload(
  file: File,
  onProgress: (share: number) => void = () => {},
  path: UploadPath = 'Upload',
): Promise<Uploaded> {
  return uploadResponse.parse(await send(file, onProgress, path)).data
}

/** `POST UploadFile`: one file of the upload types setting (pictures, PDF, Excel), checked by its bytes. */
export async function postUploadFile(file: File, onProgress: (share: number) => void = () => {}) {
  return uploadFileResponse.parse(await send(file, onProgress, 'UploadFile')).data
}

/** Attempts of one upload: a lost answer or a "not now" is sent again with the same key (write-outcome.ts). */
const uploadAttempts = 3

/**
 * Sends one file; the answer's body when it succeeded (an answer about the session goes through
 * the app's call path). An upload creates a stored file, so it carries an Idempotency-Key and a
 * lost answer is sent again with the same key, with backoff: stored once.
 */
async function send(
  file: File,
  onProgress: (share: number) => void,
  path: UploadPath,
  idempotencyKey = crypto.randomUUID(),
): Promise<unknown> {
  for (let failures = 1; ; failures++) {
    try {
      return await sendOnce(file, onProgress, path, idempotencyKey)
    } catch (e) {
      if (!isRetryable(e) || failures >= uploadAttempts) throw e
      await new Promise((r) => setTimeout(r, writeRetryDelay(failures)))
    }
  }
}

async function sendOnce(
  file: File,
  onProgress: (share: number) => void,
  path: UploadPath,
  idempotencyKey: string,
): Promise<unknown> {
  const form = new FormData()
  form.append('file', file, file.name)
  const answer = await sendWithProgress(path, form, onProgress, idempotencyKey)
  const code = answer.body?.code
  const sessionTrouble =
    answer.status === 401 ||
    answer.status === 403 ||
    code === Code.tokenExpired ||
    code === Code.signInAgain
  if (sessionTrouble)
    return postFormCall(
      path,
      path === 'UploadFile' ? uploadFileResponse : uploadResponse,
      form,
      undefined,
      { 'Idempotency-Key': idempotencyKey },
    )
  if (code !== Code.ok && code !== Code.done) {
    throw new ApiError(
      code ?? answer.status,
      answer.body?.msg || `HTTP ${answer.status}`,
      answer.body?.errors,
    )
  }
  return answer.body
}

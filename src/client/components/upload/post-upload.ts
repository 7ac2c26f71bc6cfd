import { Code } from '#shared/contract/codes'
import { uploadFileResponse, uploadResponse } from '#shared/contract/uploads'
import { ApiError, apiBase, postFormCall } from '#client/lib/http'
import { currentLocale } from '#client/lib/i18n'
import { accessToken } from '#client/lib/session-tokens'

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
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${apiBase}/${path}`)
    const token = accessToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.setRequestHeader('lang', currentLocale())
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

/** Sends one file; the answer's body when it succeeded (an answer about the session goes through the app's call path). */
async function send(
  file: File,
  onProgress: (share: number) => void,
  path: UploadPath,
): Promise<unknown> {
  const form = new FormData()
  form.append('file', file, file.name)
  const answer = await sendWithProgress(path, form, onProgress)
  const code = answer.body?.code
  const sessionTrouble =
    answer.status === 401 ||
    answer.status === 403 ||
    code === Code.tokenExpired ||
    code === Code.signInAgain
  if (sessionTrouble)
    return postFormCall(path, path === 'UploadFile' ? uploadFileResponse : uploadResponse, form)
  if (code !== Code.ok && code !== Code.done) {
    throw new ApiError(
      code ?? answer.status,
      answer.body?.msg || `HTTP ${answer.status}`,
      answer.body?.errors,
    )
  }
  return answer.body
}

import { uploadResponse } from '#shared/contract/uploads'
import { postFormCall } from '#client/lib/http'

/** `POST Upload`: one picture; the server checks it by its bytes, size and pixel count. */
export async function postUpload(file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return (await postFormCall('Upload', uploadResponse, form)).data
}

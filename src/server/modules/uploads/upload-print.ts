import { createHash } from 'node:crypto'

/** What an upload's `Idempotency-Key` is bound to: the file's name and content. */
export const uploadPrint = (filename: string, data: Buffer) => ({
  filename,
  sha256: createHash('sha256').update(data).digest('base64url'),
})

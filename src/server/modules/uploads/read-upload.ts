import type { FastifyRequest } from 'fastify'
import { Code } from '#shared/contract/codes'
import { AppError } from '../../errors.ts'
import { sniffBytes, sniffType } from './image-header.ts'

export type Received = { filename: string; data: Buffer }

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
export const tooLarge = (max: number) =>
  new AppError(Code.payloadTooLarge, 'uploadTooLarge', undefined, { max: mb(max) })
const notAnImage = () => new AppError(Code.badRequest, 'uploadType')
const imageSniff = {
  bytes: sniffBytes,
  check: (head: Buffer) => {
    if (!sniffType(head)) throw notAnImage()
  },
}

/** Turns the multipart plugin's errors into messages people can act on. */
function translate(e: unknown, max: number): unknown {
  if (e instanceof AppError) return e
  switch ((e as { code?: string }).code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(Code.badRequest, 'uploadNotMultipart')
    case 'FST_FILES_LIMIT':
      return new AppError(Code.badRequest, 'uploadOneFile')
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(max)
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError(Code.badRequest, 'badRequest')
    default:
      // anything else the parser throws (no boundary, body cut short, malformed part
      // headers) is the request's fault: only the body is read inside this try
      return new AppError(Code.badRequest, 'uploadMalformed')
  }
}

/**
 * Reads the one file part of a multipart request into memory, stopping as soon as it passes
 * `max` bytes or its first bytes are not an accepted image, so nothing large or foreign is
 * ever buffered whole. A second file part is refused.
 */
export async function readUpload(
  req: FastifyRequest,
  max: number,
  /** checks the first `sniff.bytes` bytes and throws when the file is not accepted (default: an image) */
  sniff: { bytes: number; check: (head: Buffer) => void } = imageSniff,
): Promise<Received> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > max + 64 * 1024) throw tooLarge(max)
  let received: Received | undefined
  try {
    const parts = req.parts({
      limits: { fileSize: max, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    })
    for await (const part of parts) {
      if (part.type !== 'file') continue
      const chunks: Buffer[] = []
      let size = 0
      let sniffed = false
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > max) throw tooLarge(max)
        chunks.push(chunk)
        if (!sniffed && size >= sniff.bytes) {
          sniff.check(Buffer.concat(chunks))
          sniffed = true
        }
      }
      if (part.file.truncated) throw tooLarge(max)
      received = { filename: part.filename, data: Buffer.concat(chunks) }
    }
  } catch (e) {
    throw translate(e, max)
  }
  if (!received || received.data.length === 0) throw new AppError(Code.badRequest, 'uploadNoFile')
  return received
}

import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/open.ts'
import type { UploadStore } from './upload-store.ts'

const maxAgeSeconds = 7 * 86_400
const types: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
}
/** `yyyy-mm/hex[-wN].ext` and other plain names: no `..`, no dot-files, no empty segment */
const safePath = /^[\w-]+(\.[\w-]+)*(\/[\w-]+(\.[\w-]+)*)*$/

type Found = { data: Buffer; etag: string; modified: Date }

/** The same answer for a file from the database or from the local folder. */
function send(req: FastifyRequest, reply: FastifyReply, file: string, found: Found) {
  const ext = file.split('.').pop()!.toLowerCase()
  void reply
    .header('Cache-Control', `public, max-age=${maxAgeSeconds}`)
    .header('ETag', found.etag)
    .header('Last-Modified', found.modified.toUTCString())
    .type(types[ext] ?? 'application/octet-stream')
  const tags = req.headers['if-none-match']
  if (tags && tags.split(',').some((t) => t.trim().replace(/^W\//, '') === found.etag)) {
    return reply.status(304).send()
  }
  return reply.send(found.data)
}

/**
 * Uploaded files in PostgreSQL (`upload_file`, one row per file and variant). Writes go in
 * one transaction; reads answer with a strong ETag (sha-256 of the bytes, made at upload).
 * A file missing there is looked up in this instance's DATA_DIR/uploads (files kept before
 * the instance joined a cluster).
 */
export function databaseUploadStore(db: Db, dataDir: string): UploadStore {
  const localRoot = path.join(dataDir, 'uploads')
  const fromLocal = async (rel: string): Promise<Found | null> => {
    try {
      const full = path.join(localRoot, rel)
      const stat = await fs.stat(full)
      if (!stat.isFile()) return null
      return {
        data: await fs.readFile(full),
        etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
        modified: stat.mtime,
      }
    } catch {
      return null
    }
  }
  return {
    kind: 'database',
    async put(files) {
      const now = new Date().toISOString()
      await db.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('upload_file')
          .values(
            files.map((f) => ({
              path: f.path,
              data: f.data,
              size: f.data.length,
              etag: `"${createHash('sha256').update(f.data).digest('base64url')}"`,
              created_at: now,
            })),
          )
          .execute()
      })
    },
    async serve(scope) {
      await fs.mkdir(localRoot, { recursive: true })
      scope.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
        const rel = (req.params as { '*': string })['*']
        if (!safePath.test(rel)) return reply.callNotFound()
        const row = await db.db
          .selectFrom('upload_file')
          .select(['data', 'etag', 'created_at'])
          .where('path', '=', rel)
          .executeTakeFirst()
        const found = row
          ? { data: row.data, etag: row.etag, modified: new Date(row.created_at) }
          : await fromLocal(rel)
        if (!found) return reply.callNotFound()
        return send(req, reply, rel, found)
      })
    },
  }
}

import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/open.ts'
import { databaseUploadStore } from './database-store.ts'
import type { Variant } from './image-variants.ts'
import { localUploadStore } from './local-store.ts'

export type Stored = { url: string; variants: { width: number; url: string }[] }

/** One file to keep: `path` is its place under /uploads/ (e.g. `2026-05/0123abcd.png`). */
export type UploadFile = { path: string; data: Buffer }

/**
 * Where uploaded files live and how `GET /uploads/*` serves them. Two backends:
 * - `local`: DATA_DIR/uploads on this machine (the embedded database: one instance);
 * - `database`: the `upload_file` table in PostgreSQL, so every instance serves every file
 *   (and database backups include them); files an instance kept in DATA_DIR/uploads before
 *   are still served by that instance.
 * Both answer with the same headers: `Cache-Control: public, max-age=604800`, a validator
 * (ETag, Last-Modified) and a 304 for a matching If-None-Match.
 */
export type UploadStore = {
  kind: 'local' | 'database'
  /** Keeps every file or, on any failure, none of them. */
  put: (files: UploadFile[]) => Promise<void>
  /** Adds the `GET /uploads/*` route of this backend to `scope`. */
  serve: (scope: FastifyInstance) => Promise<void>
}

/** The backend for this database: shared in PostgreSQL, DATA_DIR/uploads with SQLite. */
export function createUploadStore(db: Db, dataDir: string): UploadStore {
  return db.dialect === 'postgres' ? databaseUploadStore(db, dataDir) : localUploadStore(dataDir)
}

/**
 * Keeps an accepted upload and its variants under `{yyyy-mm}/` with a generated name (never
 * the client's). Variants are made once, by the instance that received the upload.
 */
export async function storeUpload(store: UploadStore, ext: string, data: Buffer, variants: Variant[]): Promise<Stored> {
  const month = new Date().toISOString().slice(0, 7)
  const name = randomBytes(12).toString('hex')
  const variantPath = (v: Variant) => `${month}/${name}-w${v.width}.webp`
  const main = `${month}/${name}.${ext}`
  await store.put([{ path: main, data }, ...variants.map((v) => ({ path: variantPath(v), data: v.data }))])
  return {
    url: `/uploads/${main}`,
    variants: variants.map((v) => ({ width: v.width, url: `/uploads/${variantPath(v)}` })),
  }
}

import type { FastifyInstance } from 'fastify'

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

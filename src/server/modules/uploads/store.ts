import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/open.ts'
import { databaseUploadStore } from './database-store.ts'
import type { Variant } from './image-variants.ts'
import { localUploadStore } from './local-store.ts'
import type { UploadStore } from './upload-store.ts'

export type Stored = { url: string; variants: { width: number; url: string }[] }

/** The backend for this database: shared in PostgreSQL, DATA_DIR/uploads with SQLite. */
export function createUploadStore(db: Db, dataDir: string): UploadStore {
  return db.dialect === 'postgres' ? databaseUploadStore(db, dataDir) : localUploadStore(dataDir)
}

/**
 * Keeps an accepted upload and its variants under `{yyyy-mm}/` with a generated name (never
 * the client's). Variants are made once, by the instance that received the upload.
 */
export async function storeUpload(
  store: UploadStore,
  ext: string,
  data: Buffer,
  variants: Variant[],
): Promise<Stored> {
  const month = new Date().toISOString().slice(0, 7)
  const name = randomBytes(12).toString('hex')
  const variantPath = (v: Variant) => `${month}/${name}-w${v.width}.webp`
  const main = `${month}/${name}.${ext}`
  await store.put([
    { path: main, data },
    ...variants.map((v) => ({ path: variantPath(v), data: v.data })),
  ])
  return {
    url: `/uploads/${main}`,
    variants: variants.map((v) => ({ width: v.width, url: `/uploads/${variantPath(v)}` })),
  }
}

import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Variant } from './image-variants.ts'

export type Stored = { url: string; variants: { width: number; url: string }[] }

/**
 * Writes an accepted upload and its variants under DATA_DIR/uploads/{yyyy-mm}/ with a
 * generated name (never the client's); on a failed write nothing stays behind.
 */
export async function storeUpload(dataDir: string, ext: string, data: Buffer, variants: Variant[]): Promise<Stored> {
  const month = new Date().toISOString().slice(0, 7)
  const dir = path.join(dataDir, 'uploads', month)
  await fs.mkdir(dir, { recursive: true })
  const name = randomBytes(12).toString('hex')
  const files = [
    { file: `${name}.${ext}`, data },
    ...variants.map((v) => ({ file: `${name}-w${v.width}.webp`, data: v.data })),
  ]
  const written: string[] = []
  try {
    for (const f of files) {
      const target = path.join(dir, f.file)
      await fs.writeFile(target, f.data, { flag: 'wx' })
      written.push(target)
    }
  } catch (e) {
    await Promise.all(written.map((w) => fs.rm(w, { force: true })))
    throw e
  }
  const url = (file: string) => `/uploads/${month}/${file}`
  return {
    url: url(files[0]!.file),
    variants: variants.map((v) => ({ width: v.width, url: url(`${name}-w${v.width}.webp`) })),
  }
}

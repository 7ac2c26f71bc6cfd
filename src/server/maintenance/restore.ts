import fs from 'node:fs'
import path from 'node:path'
import { createGunzip } from 'node:zlib'
import { acquireLock } from '../db/lock.ts'
import { sqliteFileName } from '../db/open.ts'
import { manifestName, type Manifest } from './backup.ts'
import { readTar } from './tar.ts'

export class RestoreRefused extends Error {}

/** A name from the archive as a path inside `dir`; anything that would leave it is refused. */
function inside(dir: string, name: string): string {
  const target = path.resolve(dir, name)
  if (
    name.startsWith('/') ||
    name.includes('\\') ||
    name.split('/').includes('..') ||
    !target.startsWith(dir + path.sep)
  ) {
    throw new RestoreRefused(
      `The archive names a file outside DATA_DIR (${name}); it was not made by npm run backup`,
    )
  }
  return target
}

/**
 * `npm run restore -- <file> [--force]`: unpacks a backup (backup.ts) into DATA_DIR. DATA_DIR
 * must be missing or empty, unless `force`: then the database files there are replaced and the
 * archive's files written over the ones present (other files stay). Refused while a server uses
 * DATA_DIR (its lock). Files are written as `.restoring` and renamed, the database last, so an
 * interrupted restore never leaves a database that looks complete.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  { force = false }: { force?: boolean } = {},
): Promise<Manifest> {
  const source = path.resolve(file)
  if (!fs.existsSync(source)) throw new RestoreRefused(`${source} does not exist`)
  const dir = path.resolve(dataDir)
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0 && !force) {
    throw new RestoreRefused(
      `DATA_DIR ${dir} is not empty; restore into an empty folder, or add --force to replace its database and files`,
    )
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const release = acquireLock(dir)
  const written: string[] = []
  try {
    let manifest: Manifest | undefined
    let database: string | undefined
    const unzipped = createGunzip()
    fs.createReadStream(source)
      .on('error', (e) => unzipped.destroy(e))
      .pipe(unzipped)
    for await (const entry of readTar(unzipped)) {
      if (!manifest) {
        if (entry.name !== manifestName)
          throw new RestoreRefused(`${source} is not a Forgeline backup (no ${manifestName})`)
        const chunks: Buffer[] = []
        for await (const c of entry.data) chunks.push(c)
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest
        if (manifest.format !== 1)
          throw new RestoreRefused(
            `${source} is a backup format this version does not know (${String(manifest.format)})`,
          )
        continue
      }
      const target = inside(dir, entry.name)
      const temp = `${target}.restoring`
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 })
      const out = fs.createWriteStream(temp, { mode: entry.mode & 0o777 || 0o600 })
      written.push(temp)
      for await (const chunk of entry.data)
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()))
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve())),
      )
      fs.utimesSync(temp, entry.mtime, entry.mtime)
      if (entry.name === sqliteFileName) database = temp
      else fs.renameSync(temp, target)
    }
    if (!manifest || !database) throw new RestoreRefused(`${source} holds no database`)
    for (const suffix of ['-wal', '-shm', '-journal'])
      fs.rmSync(path.join(dir, `${sqliteFileName}${suffix}`), { force: true })
    fs.renameSync(database, path.join(dir, sqliteFileName))
    return manifest
  } catch (e) {
    for (const w of written) fs.rmSync(w, { force: true })
    if (e instanceof RestoreRefused) throw e
    throw new RestoreRefused(`${source} could not be restored: ${(e as Error).message}`)
  } finally {
    release()
  }
}

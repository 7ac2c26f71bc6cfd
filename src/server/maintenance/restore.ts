import fs from 'node:fs'
import path from 'node:path'
import { createGunzip } from 'node:zlib'
import { acquireLock, lockDbFileName } from '../db/lock.ts'
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
      `The archive names a file outside DATA_DIR (${name}); it was not made by the backup command`,
    )
  }
  return target
}

/** The restored database must open as SQLite and pass `PRAGMA quick_check`; else the restore changes nothing. */
async function checkDatabase(file: string, source: string): Promise<void> {
  const { default: SQLite } = await import('better-sqlite3')
  let result: unknown
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true })
    try {
      result = db.pragma('quick_check', { simple: true })
    } finally {
      db.close()
    }
  } catch (e) {
    throw new RestoreRefused(
      `${source} holds no usable database: its ${sqliteFileName} is not an SQLite database (${(e as Error).message}). Nothing was changed.`,
    )
  }
  if (result !== 'ok')
    throw new RestoreRefused(
      `${source} holds a damaged database: PRAGMA quick_check on its ${sqliteFileName} says "${String(result)}". Nothing was changed.`,
    )
}

/** Creates `dir` (0700) and notes the first folder it made, so a refused restore can remove it. */
function makeDir(dir: string, made: string[]) {
  const first = fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  if (first) made.push(first)
}

/**
 * `restore <file> [--force]`: unpacks a backup (backup.ts) into `dataDir`, which must be missing
 * or empty, unless `force`: then the database files there are replaced (an old -wal and -shm
 * removed) and the archive's files written over the ones present (other files stay). Refused
 * while a server uses the folder (its lock). Every file is first written as `.restoring` (mode
 * 0600 whatever the archive says), the database checked (`PRAGMA quick_check`), and only then
 * are they renamed into place, the database last: a refused or interrupted restore leaves the
 * folder as it was.
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
      `The folder ${dir} is not empty; restore into an empty folder, or add --force to replace its database and files`,
    )
  }
  const made: string[] = []
  makeDir(dir, made)
  const lockDb = path.join(dir, lockDbFileName)
  const lockExisted = fs.existsSync(lockDb)
  const release = acquireLock(dir)
  const written: { temp: string; target: string }[] = []
  let database: string | undefined
  try {
    let manifest: Manifest | undefined
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
      makeDir(path.dirname(target), made)
      // private whatever the archive stored (an older backup holds the database as 0644)
      const out = fs.createWriteStream(temp, { mode: 0o600 })
      written.push({ temp, target })
      for await (const chunk of entry.data)
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()))
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve())),
      )
      fs.chmodSync(temp, 0o600)
      fs.utimesSync(temp, entry.mtime, entry.mtime)
      if (entry.name === sqliteFileName) database = temp
    }
    if (!manifest || !database) throw new RestoreRefused(`${source} holds no database`)
    await checkDatabase(database, source)
    for (const w of written) if (w.temp !== database) fs.renameSync(w.temp, w.target)
    for (const suffix of ['-wal', '-shm', '-journal'])
      fs.rmSync(path.join(dir, `${sqliteFileName}${suffix}`), { force: true })
    fs.renameSync(database, path.join(dir, sqliteFileName))
    return manifest
  } catch (e) {
    for (const w of written) fs.rmSync(w.temp, { force: true })
    release()
    if (!lockExisted) for (const f of [lockDb, `${lockDb}-journal`]) fs.rmSync(f, { force: true })
    // folders this restore made (the target itself when it was missing) go again
    for (const m of made.reverse()) fs.rmSync(m, { recursive: true, force: true })
    if (e instanceof RestoreRefused) throw e
    throw new RestoreRefused(`${source} could not be restored: ${(e as Error).message}`)
  } finally {
    release()
  }
}

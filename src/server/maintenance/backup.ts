import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PassThrough } from 'node:stream'
import { createGzip } from 'node:zlib'
import { lockDbFileName, lockFileName } from '../db/lock.ts'
import { sqliteFileName } from '../db/open.ts'
import { addFile, endTar } from './tar.ts'

/** The first entry of every backup: what it is and what it holds. */
export const manifestName = 'forgeline-backup.json'

export type Manifest = {
  format: 1
  createdAt: string
  /** the database file in the archive (a copy made with SQLite's online backup API) */
  database: string
  /** every other file: uploads, the RSA key pair and any other key or setting file of DATA_DIR */
  files: string[]
}

/** DATA_DIR files that are not copied as they are: the live database (copied through SQLite) and the lock. */
const live = new Set([
  sqliteFileName,
  `${sqliteFileName}-wal`,
  `${sqliteFileName}-shm`,
  `${sqliteFileName}-journal`,
  lockFileName,
  lockDbFileName,
  `${lockDbFileName}-journal`,
  `${lockDbFileName}-wal`,
  `${lockDbFileName}-shm`,
])

/** Regular files under `dir`, relative, sorted; symbolic links and other special files are left out. */
function* filesUnder(dir: string, rel = ''): Generator<string> {
  const entries = fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
  for (const e of entries) {
    const p = rel ? `${rel}/${e.name}` : e.name
    if (!rel && live.has(e.name)) continue
    if (e.isDirectory()) yield* filesUnder(dir, p)
    else if (e.isFile()) yield p
  }
}

export class BackupRefused extends Error {}

/**
 * `npm run backup -- <file>`: one .tar.gz of the embedded database and the files of DATA_DIR,
 * while the server runs and writes. The database is copied first, with SQLite's online backup
 * API in one step (one read transaction on the WAL database: every write committed before it
 * began is in the copy, none after, and the server's writers are not held up), then checked
 * (`PRAGMA quick_check`); the files follow. Uploads are written before the rows that name them
 * and never changed, so every upload the copied rows name is in the archive.
 * Written to `<file>.partial` and renamed when complete: a file named `<file>` is whole.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<Manifest> {
  const dbFile = path.join(dataDir, sqliteFileName)
  if (!fs.existsSync(dbFile))
    throw new BackupRefused(
      `There is no embedded database in ${dataDir} (${sqliteFileName}). With DATABASE_URL (PostgreSQL), back up with pg_dump: see docs/operations.md.`,
    )
  const target = path.resolve(file)
  if (fs.existsSync(target))
    throw new BackupRefused(`${target} already exists; choose a new file name`)
  if (!fs.existsSync(path.dirname(target)))
    throw new BackupRefused(`The folder ${path.dirname(target)} does not exist`)

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-backup-'))
  const partial = `${target}.partial`
  try {
    const copy = path.join(work, sqliteFileName)
    const { default: SQLite } = await import('better-sqlite3')
    const source = new SQLite(dbFile, { fileMustExist: true })
    try {
      source.pragma('busy_timeout = 5000')
      // every remaining page in one step: the copy is one consistent moment of the database
      await source.backup(copy, { progress: () => 0x7fffffff })
    } finally {
      source.close()
    }
    const check = new SQLite(copy)
    try {
      check.pragma('journal_mode = DELETE')
      const result = check.pragma('quick_check', { simple: true })
      if (result !== 'ok')
        throw new Error(`the copy of the database failed its check: ${String(result)}`)
    } finally {
      check.close()
    }

    const files = [...filesUnder(dataDir)]
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: sqliteFileName,
      files,
    }
    const tar = new PassThrough()
    const written = pipeline(
      tar,
      createGzip({ level: 6 }),
      fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    )
    await addFile(tar, manifestName, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`))
    await addFile(tar, sqliteFileName, copy)
    // a file removed since the listing (an upload replaced meanwhile) is left out
    for (const f of files)
      if (fs.existsSync(path.join(dataDir, f))) await addFile(tar, f, path.join(dataDir, f))
    await endTar(tar)
    tar.end()
    await written
    fs.renameSync(partial, target)
    return manifest
  } catch (e) {
    fs.rmSync(partial, { force: true })
    throw e
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

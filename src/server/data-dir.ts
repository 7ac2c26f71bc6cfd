import fs from 'node:fs'
import path from 'node:path'
import { ConfigError } from './config.ts'

/**
 * Checks DATA_DIR can be used without writing anything: an existing directory must be
 * readable and writable, a missing one must have a writable parent.
 */
export function checkDataDir(dir: string): void {
  let stat: fs.Stats | undefined
  try {
    stat = fs.statSync(dir)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(
        'DATA_DIR',
        `cannot be read (${dir}: ${(e as NodeJS.ErrnoException).code})`,
      )
    }
  }
  if (stat && !stat.isDirectory()) throw new ConfigError('DATA_DIR', `is not a directory (${dir})`)
  const target = stat ? dir : nearestExisting(dir)
  try {
    fs.accessSync(target, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK)
  } catch {
    throw new ConfigError('DATA_DIR', `is not readable and writable by this process (${target})`)
  }
}

function nearestExisting(dir: string): string {
  let current = path.dirname(dir)
  while (!fs.existsSync(current) && path.dirname(current) !== current)
    current = path.dirname(current)
  if (!fs.statSync(current).isDirectory())
    throw new ConfigError('DATA_DIR', `is inside a file (${current})`)
  return current
}

/**
 * Creates DATA_DIR (and missing parents) one level at a time; a recursive mkdir can spin
 * forever on special file systems such as /proc. Then makes it private whatever the umask the
 * process started with (`npm start`, a CLI command run by hand): see privateDataDir.
 */
export function createDataDir(dir: string): void {
  const missing: string[] = []
  let current = dir
  while (!fs.existsSync(current)) {
    missing.unshift(current)
    const parent = path.dirname(current)
    if (parent === current) break
    current = parent
  }
  for (const d of missing) {
    try {
      fs.mkdirSync(d)
    } catch (e) {
      throw new ConfigError(
        'DATA_DIR',
        `cannot be created (${d}: ${(e as NodeJS.ErrnoException).code})`,
      )
    }
  }
  privateDataDir(dir)
}

/** The database and its companions: password hashes, sessions and personal data. */
const databaseFiles = [
  'forgeline.db',
  'forgeline.db-wal',
  'forgeline.db-shm',
  'forgeline.db-journal',
]

/** chmod unless already so; a file that vanished meanwhile (a -shm at close) is fine. */
function chmodIf(p: string, mode: number) {
  try {
    if ((fs.lstatSync(p).mode & 0o777) !== mode) fs.chmodSync(p, mode)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
}

/** Folders 0700 and files 0600 under `dir` (uploads); symbolic links are left alone. */
function privateTree(dir: string) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) {
      chmodIf(p, 0o700)
      privateTree(p)
    } else if (e.isFile()) chmodIf(p, 0o600)
  }
}

/**
 * Files at rest are private whatever the umask: from now on this process creates files 0600 and
 * folders 0700 (umask 077: the database, its -wal and -shm, uploads, keys), and what an earlier
 * run left readable is closed: DATA_DIR 0700, the database files and uploads 0600. A shared
 * folder such as /tmp (sticky bit) given as DATA_DIR is not changed, only what Forgeline owns in it.
 */
export function privateDataDir(dir: string): void {
  process.umask(0o077)
  if (!fs.existsSync(dir)) return
  if ((fs.statSync(dir).mode & 0o1000) === 0) chmodIf(dir, 0o700)
  for (const f of databaseFiles) chmodIf(path.join(dir, f), 0o600)
  const uploads = path.join(dir, 'uploads')
  if (fs.existsSync(uploads)) {
    chmodIf(uploads, 0o700)
    privateTree(uploads)
  }
}

import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import type { Database as SqliteFile } from 'better-sqlite3'

/** Who holds the lock, as text for people and for the refusal message (pid, start time). */
export const lockFileName = 'forgeline.lock'
/** The lock itself: a small SQLite file held with an exclusive file lock while the server runs. */
export const lockDbFileName = 'forgeline.lock.db'

const require = createRequire(import.meta.url)

export class LockedError extends Error {
  constructor(
    readonly pid: number,
    readonly file: string,
  ) {
    super(
      pid > 0
        ? `Another Forgeline process (pid ${pid}) is using ${file}; stop it or choose another DATA_DIR`
        : `Another Forgeline process is using ${file}; stop it or choose another DATA_DIR`,
    )
    this.name = 'LockedError'
  }
}

function holderPid(file: string): number {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : 0
  } catch {
    return 0
  }
}

const isBusy = (e: unknown) => {
  const code = (e as { code?: string }).code ?? ''
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')
}

/**
 * Takes the DATA_DIR lock so only one process opens the embedded database.
 *
 * The lock is an operating-system file lock (SQLite's, on `forgeline.lock.db`, in exclusive
 * locking mode), not the presence of a file: the kernel drops it when the process ends, however
 * it ends (kill -9, crash, power cut, reboot). So a lock left by a dead process never stops the
 * next start, even when its PID now belongs to another program, and a live second server on
 * the same DATA_DIR (also from another container sharing the volume) is refused.
 * `forgeline.lock` only says who holds it (pid and start time); a stale one is overwritten.
 * Returns the release function.
 */
export function acquireLock(dataDir: string): () => void {
  const SQLite = require('better-sqlite3') as typeof BetterSqlite3
  const infoFile = path.join(dataDir, lockFileName)
  let handle: SqliteFile | undefined
  try {
    handle = new SQLite(path.join(dataDir, lockDbFileName), { timeout: 0 })
    handle.pragma('locking_mode = EXCLUSIVE')
    handle.exec('BEGIN EXCLUSIVE')
    handle.exec(
      'CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, started_at TEXT NOT NULL)',
    )
    handle.exec('DELETE FROM holder')
    handle
      .prepare('INSERT INTO holder (pid, started_at) VALUES (?, ?)')
      .run(process.pid, new Date().toISOString())
    // in exclusive locking mode the exclusive lock taken above is kept after the commit
    handle.exec('COMMIT')
  } catch (e) {
    handle?.close()
    if (isBusy(e)) throw new LockedError(holderPid(infoFile), dataDir)
    throw e
  }
  const held = handle
  const line = `${process.pid}\nstarted ${new Date().toISOString()}\n`
  fs.writeFileSync(infoFile, line)
  let released = false
  return () => {
    if (released) return
    released = true
    try {
      if (fs.readFileSync(infoFile, 'utf8') === line) fs.unlinkSync(infoFile)
    } catch {
      /* already gone */
    }
    held.close()
  }
}

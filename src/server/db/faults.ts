import fs from 'node:fs'

/** Socket-level codes of a database that cannot be reached (refused, reset, timed out, no route). */
const unreachableErrno = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL codes of a server going away or not taking connections: class 08 (connection
 * exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections).
 */
const unreachableSql = /^(08...|57P0[123]|53300)$/

/** pg's own texts for a connection it lost or could not open in time, or a query left unanswered. */
const unreachableText =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|Connection refused|Query read timeout/i

/** True when `e` says the database server cannot be reached (a 503 for the caller, never a 500). */
export function isDbUnreachable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false
  const code = String((e as { code?: unknown }).code ?? '')
  if (unreachableErrno.has(code) || unreachableSql.test(code)) return true
  if ((e as { errors?: unknown }).errors instanceof Array)
    return (e as { errors: unknown[] }).errors.some(isDbUnreachable)
  return unreachableText.test(String((e as { message?: unknown }).message ?? ''))
}

/**
 * True when `e` says the storage is full: SQLite's SQLITE_FULL ("database or disk is full"),
 * a file write's ENOSPC or EDQUOT, PostgreSQL's 53100 (disk_full).
 */
export function isStorageFull(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false
  const code = String((e as { code?: unknown }).code ?? '')
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100'
}

/** Free bytes for an unprivileged process on the file system holding `dir` (Infinity if unknown). */
export async function freeBytes(dir: string): Promise<number> {
  try {
    const s = await fs.promises.statfs(dir)
    return s.bavail * s.bsize
  } catch {
    return Infinity
  }
}

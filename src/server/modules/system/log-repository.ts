import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export type LogEntry = {
  account: string
  /** what was done, e.g. "login", "save order" */
  operation: string
  /** "system" or "database" (SPEC §3) */
  logType: 'system' | 'database'
  /** e.g. "login success", "login failure", "interface exception", "attack" */
  result: string
  ip: string
}

/** Appends to the operation and security log; a failure to log never fails the request. */
export async function writeLog(db: Kysely<Database>, entry: LogEntry): Promise<void> {
  try {
    await db
      .insertInto('system_log')
      .values({
        account: entry.account.slice(0, 64),
        operation: entry.operation,
        log_type: entry.logType,
        result: entry.result,
        ip: entry.ip,
        created_at: new Date().toISOString(),
      })
      .execute()
  } catch {
    /* logging is best effort */
  }
}

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

/*
 * Refusals (system-log rows that are not a success: sign-in failures, blocked sign-ins,
 * attacks, permission denied, interface exceptions) are what an anonymous caller can add at
 * will, so they are bounded per address:
 * - the same operation, result and account from one address within one minute is one row
 *   whose `repeat_count` counts them;
 * - one address adds at most `refusalsPerAddressPerHour` new rows an hour; past that, its
 *   refusals only raise the count of its latest row.
 * Successes and data changes (signed-in staff) are always written one row each.
 * The bookkeeping is in memory per database handle and process (each instance of a cluster
 * bounds its own writes); it forgets everything each hour.
 */
type Limits = { refusalsPerAddressPerHour: number }
type AddressState = { hourStart: number; rows: number; latest?: Promise<number | undefined> }
type State = {
  limits: Limits
  minute: number
  rowOfKey: Map<string, Promise<number | undefined>>
  addresses: Map<string, AddressState>
}

const states = new WeakMap<object, State>()
const defaultLimits: Limits = { refusalsPerAddressPerHour: 60 }
/** addresses tracked at once; beyond it the oldest are forgotten (an IPv6 sweep cannot grow memory) */
const maxAddresses = 50_000

function stateOf(db: Kysely<Database>): State {
  let s = states.get(db)
  if (!s) {
    s = { limits: defaultLimits, minute: 0, rowOfKey: new Map(), addresses: new Map() }
    states.set(db, s)
  }
  return s
}

/** Sets the per-address bound of refusal rows for this database handle (buildApp does, from config). */
export function configureLogLimits(db: Kysely<Database>, limits: Limits): void {
  stateOf(db).limits = limits
}

export const isRefusal = (entry: LogEntry) =>
  entry.logType === 'system' && !entry.result.includes('success')

async function insertRow(db: Kysely<Database>, entry: LogEntry): Promise<number | undefined> {
  const row = await db
    .insertInto('system_log')
    .values({
      account: entry.account.slice(0, 64),
      operation: entry.operation.slice(0, 500),
      log_type: entry.logType,
      result: entry.result.slice(0, 500),
      ip: entry.ip.slice(0, 64),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

async function countAgain(db: Kysely<Database>, row: Promise<number | undefined>): Promise<void> {
  const id = await row
  if (id === undefined) return
  await db
    .updateTable('system_log')
    .set((eb) => ({ repeat_count: eb('repeat_count', '+', 1) }))
    .where('id', '=', id)
    .execute()
}

async function writeRefusal(db: Kysely<Database>, entry: LogEntry, now: number): Promise<void> {
  const s = stateOf(db)
  const minute = Math.floor(now / 60_000)
  if (minute !== s.minute) {
    s.minute = minute
    s.rowOfKey.clear()
  }
  const key = `${entry.ip}\n${entry.account}\n${entry.operation}\n${entry.result}`
  const same = s.rowOfKey.get(key)
  if (same) return countAgain(db, same)
  let a = s.addresses.get(entry.ip)
  if (!a || now - a.hourStart >= 3_600_000) {
    if (!a && s.addresses.size >= maxAddresses) s.addresses.delete(s.addresses.keys().next().value!)
    a = { hourStart: now, rows: 0 }
    s.addresses.set(entry.ip, a)
  }
  if (a.rows >= s.limits.refusalsPerAddressPerHour && a.latest) return countAgain(db, a.latest)
  a.rows++
  const row = insertRow(db, entry).catch(() => undefined)
  a.latest = row
  s.rowOfKey.set(key, row)
  await row
}

/** Appends to the operation and security log; a failure to log never fails the request. */
export async function writeLog(db: Kysely<Database>, entry: LogEntry): Promise<void> {
  try {
    if (isRefusal(entry)) await writeRefusal(db, entry, Date.now())
    else await insertRow(db, entry)
  } catch {
    /* logging is best effort */
  }
}

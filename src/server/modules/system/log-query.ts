import { sql, type Kysely } from 'kysely'
import type { LogFilter, LogRow } from '#shared/contract/system-log'
import { countCap } from '../../db/count-cap.ts'
import type { Database } from '../../db/schema.ts'
import { contains } from './user-repository.ts'

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString()

/** Log entries of a filter, newest first: a page and the number that matched (see `countCap`). */
export async function listLogs(
  db: Kysely<Database>,
  f: LogFilter,
  page: { pageIndex: number; pageSize: number },
): Promise<{ result: LogRow[]; total: number; totalCapped: boolean }> {
  let q = db.selectFrom('system_log')
  if (f.account) q = q.where('account', '=', f.account)
  if (f.logType) q = q.where('log_type', '=', f.logType)
  if (f.result) {
    const r = f.result
    q = q.where((eb) => eb.or([eb('result', '=', r), contains('result', `${r}:`)]))
  }
  if (f.keyword) q = q.where(contains('operation', f.keyword))
  if (f.from) q = q.where('created_at', '>=', `${f.from}T00:00:00.000Z`)
  if (f.to) q = q.where('created_at', '<', nextDay(f.to))
  const start = (page.pageIndex - 1) * page.pageSize
  // counted no further than `countCap` rows past the page: never the whole log
  const upTo = start + countCap
  const counted = q.select(sql`1`.as('one')).limit(upTo + 1)
  const n = Number(
    (
      await db
        .selectFrom(counted.as('c'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  // the page's ids from an index first, then only those rows
  const ids = q.select('id').orderBy('id', 'desc').limit(page.pageSize).offset(start)
  const rows = await db
    .selectFrom('system_log')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id', 'desc')
    .execute()
  return {
    total: Math.min(n, upTo),
    totalCapped: n > upTo,
    result: rows.map((r) => ({
      Id: r.id,
      Account: r.account,
      Operation: r.operation,
      LogType: r.log_type,
      // repeated refusals from one address in one minute are one row (log-repository.ts)
      Result: r.repeat_count > 1 ? `${r.result} ×${r.repeat_count}` : r.result,
      Ip: r.ip,
      CreateTimeString: r.created_at,
    })),
  }
}

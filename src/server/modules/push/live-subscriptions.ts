import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** What decides whether a sign-in still lasts: its absolute lifetime (SESSION_MAX_AGE_SECONDS). */
export type SessionLifetime = { sessionMaxAgeSeconds: number }

/**
 * The subscription (alias `p`) has a live sign-in: its session row belongs to its user, and that
 * row's family (the sign-in, carried along every refresh) has a row that is not revoked, whose
 * refresh token has not expired, and whose family is within its absolute lifetime. Revoking a
 * session already deletes its subscriptions (migration 0028); this also covers a sign-in that
 * simply expired, which nothing revokes.
 */
export function hasLiveSession(now: number, o: SessionLifetime): RawBuilder<boolean> {
  const at = new Date(now).toISOString()
  const startedAfter = new Date(now - o.sessionMaxAgeSeconds * 1000).toISOString()
  return sql<boolean>`exists (select 1 from sessions s
    inner join sessions h on h.family_id = s.family_id and h.user_id = s.user_id
    where s.id = p.session_id and s.user_id = p.user_id
      and h.revoked_at is null and h.refresh_expires_at > ${at}
      and coalesce(h.family_started_at, h.created_at) > ${startedAfter})`
}

/**
 * Deletes the subscriptions whose sign-in has ended (expired, past its lifetime, or without a
 * session row); run by the session prune (maintenance/prune.ts). Revoked and deleted sessions
 * take their subscriptions with them already; this catches the ones that expired. Answers the
 * rows deleted.
 */
export async function pruneEndedSubscriptions(
  db: Kysely<Database>,
  o: SessionLifetime,
  now = Date.now(),
): Promise<number> {
  const r = await sql`delete from push_subscription where id in (
      select p.id from push_subscription p where not ${hasLiveSession(now, o)})`.execute(db)
  return Number(r.numAffectedRows ?? 0)
}

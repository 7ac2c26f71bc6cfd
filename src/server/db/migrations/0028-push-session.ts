import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/**
 * A push subscription belongs to a session row (`push_subscription.session_id`): deleting the
 * session (the prune) deletes the subscription by the foreign key's cascade, and revoking it
 * (logout, password change or reset, ban, refresh-token reuse, a banned WeChat identity: every
 * path that sets `sessions.revoked_at`) deletes it in the same statement by a trigger, so no code
 * path that ends a sign-in can leave a device receiving notices. A refresh moves the link to the
 * family's new row (session-repository.ts `carryPushSubscriptions`).
 * Existing rows are linked to the newest live row of their family; rows whose sign-in has already
 * ended are deleted (the sender skipped or should have skipped them).
 */
export function pushSession(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('push_subscription')
        .addColumn('session_id', 'integer', (c) => c.references('sessions.id').onDelete('cascade'))
        .execute()
      const now = new Date().toISOString()
      await sql`update push_subscription set session_id = (
          select max(s.id) from sessions s
          where s.family_id = push_subscription.family_id and s.user_id = push_subscription.user_id
            and s.revoked_at is null and s.refresh_expires_at > ${now})`.execute(db)
      await sql`delete from push_subscription where session_id is null`.execute(db)
      await db.schema
        .createIndex('push_subscription_session')
        .on('push_subscription')
        .column('session_id')
        .execute()
      if (dialect === 'postgres') {
        await sql
          .raw(
            `create or replace function forgeline_push_session_revoked() returns trigger language plpgsql as $$
begin
  delete from push_subscription where session_id = new.id;
  return null;
end $$`,
          )
          .execute(db)
        await sql
          .raw(
            `create trigger forgeline_push_session_revoked after update of revoked_at on sessions
  for each row when (new.revoked_at is not null and old.revoked_at is null)
  execute procedure forgeline_push_session_revoked()`,
          )
          .execute(db)
      } else {
        await sql
          .raw(
            `create trigger push_session_revoked after update of revoked_at on sessions
  for each row when new.revoked_at is not null and old.revoked_at is null
  begin
    delete from push_subscription where session_id = new.id;
  end`,
          )
          .execute(db)
      }
    },
  }
}

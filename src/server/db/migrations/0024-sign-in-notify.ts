import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/** The realtime bus's channel (src/server/realtime/bus.ts noticeChannel): its LISTEN connection. */
const channel = 'forgeline_notice'

/**
 * The sign-in cache of every instance is told, after the commit, when the sign-in state
 * may have changed. PostgreSQL only (SQLite is one process; its cache is emptied in process):
 * - `sessions` updated or deleted: NOTIFY `{"signIn": [access hashes]}` (up to 20 rows, else
 *   `"all"`), from statement triggers with a transition table (one notice per statement);
 * - `users`, `roles`, `role_menu`, `menu` changed in any way: NOTIFY `{"signIn": "all"}`.
 * NOTIFY is sent at commit (never for a rolled-back change; identical payloads of one
 * transaction are sent once). Creates functions and triggers only: instant on a large database.
 */
export function signInNotify(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return
      await sql
        .raw(
          `create or replace function forgeline_sign_in_all() returns trigger language plpgsql as $$
begin
  perform pg_notify('${channel}', '{"signIn":"all"}');
  return null;
end $$`,
        )
        .execute(db)
      await sql
        .raw(
          `create or replace function forgeline_sign_in_sessions() returns trigger language plpgsql as $$
declare
  n integer;
  hashes json;
begin
  select count(*), json_agg(access_hash) into n, hashes from (select access_hash from old_rows limit 21) s;
  if n = 0 then
    return null;
  end if;
  perform pg_notify('${channel}', case when n > 20 then '{"signIn":"all"}'
    else json_build_object('signIn', hashes)::text end);
  return null;
end $$`,
        )
        .execute(db)
      for (const [event, name] of [
        ['update', 'forgeline_sign_in_sessions_update'],
        ['delete', 'forgeline_sign_in_sessions_delete'],
      ] as const)
        await sql
          .raw(
            `create trigger ${name} after ${event} on sessions referencing old table as old_rows
  for each statement execute procedure forgeline_sign_in_sessions()`,
          )
          .execute(db)
      await sql
        .raw(
          `create trigger forgeline_sign_in_sessions_truncate after truncate on sessions
  for each statement execute procedure forgeline_sign_in_all()`,
        )
        .execute(db)
      for (const table of ['users', 'roles', 'role_menu', 'menu'])
        await sql
          .raw(
            `create trigger forgeline_sign_in_${table} after insert or update or delete or truncate on ${table}
  for each statement execute procedure forgeline_sign_in_all()`,
          )
          .execute(db)
    },
  }
}

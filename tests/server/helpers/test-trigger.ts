import { sql } from 'kysely'
import type { Db } from '#server/db/open'

/**
 * A trigger for one test, on SQLite or PostgreSQL: how a test makes another request's write
 * land between a check and the write it guards (a race). `sqlite` is the whole `create trigger`
 * statement; on PostgreSQL `when` is what follows the trigger's name (`before insert on users`),
 * `condition` its optional WHEN and `body` the function's body. Dropped by the returned function.
 */
export async function testTrigger(
  db: Db,
  name: string,
  table: string,
  sqlite: string,
  postgres: { when: string; condition?: string; body: string },
): Promise<() => Promise<void>> {
  const pg = db.dialect === 'postgres'
  if (pg) {
    await sql
      .raw(
        `create function ${name}() returns trigger as $$ begin ${postgres.body} end $$ language plpgsql`,
      )
      .execute(db.db)
    await sql
      .raw(
        `create trigger ${name} ${postgres.when} for each row${postgres.condition ? ` when (${postgres.condition})` : ''} execute function ${name}()`,
      )
      .execute(db.db)
  } else await sql.raw(sqlite).execute(db.db)
  return async () => {
    await sql.raw(`drop trigger ${name}${pg ? ` on ${table}` : ''}`).execute(db.db)
    if (pg) await sql.raw(`drop function ${name}()`).execute(db.db)
  }
}

import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/** 1 for an unread recipient row, 0 for a read one (`row` is NEW or OLD). */
const unreadOf = (row: 'new' | 'old') => sql.raw(`case when ${row}.is_read = 0 then 1 else 0 end`)

/**
 * The notice badge and lists without counting (DESIGN §9):
 * - `notice_recipient` carries its notice's `create_type` and `created_at`, so a user's notices
 *   are listed newest first from one index, filtered by read state and type, with no join until
 *   the page is known. Existing rows are filled from their notice.
 * - `notice_count`: per user and notice type, the unread and total recipient rows. Triggers on
 *   `notice_recipient` keep it in step in the writing statement's own transaction (insert, read,
 *   delete, and the cascades from a deleted notice or user; row-level on SQLite, per statement
 *   with transition tables on PostgreSQL), on both databases alike, so
 *   several instances writing at once stay exact. Filled from the existing rows here.
 * - indexes: (user, read state, time) for the unread page, (user, time) for "all", and the
 *   read time of read rows for the retention of read notices (NOTICE_RETENTION_DAYS).
 * On a large existing database this rewrites notice_recipient once (a few seconds per 100,000 rows).
 */
export function noticeCounts(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('notice_recipient')
        .addColumn('create_type', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .alterTable('notice_recipient')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await sql`update notice_recipient set
        create_type = (select n.create_type from notice n where n.id = notice_recipient.notice_id),
        created_at = (select n.created_at from notice n where n.id = notice_recipient.notice_id)`.execute(
        db,
      )
      await db.schema.dropIndex('notice_recipient_user').execute()
      await sql`create index notice_recipient_unread on notice_recipient (user_id, is_read, created_at, notice_id, create_type)`.execute(
        db,
      )
      await sql`create index notice_recipient_time on notice_recipient (user_id, created_at, notice_id, create_type, is_read)`.execute(
        db,
      )
      await sql`create index notice_recipient_read_at on notice_recipient (read_at) where is_read = 1`.execute(
        db,
      )

      await db.schema
        .createTable('notice_count')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('create_type', 'integer', (c) => c.notNull())
        .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('notice_count_pk', ['user_id', 'create_type'])
        // SQLite: the rows live in the primary-key b-tree, so a user's rows are one seek
        .$call((b) => (dialect === 'sqlite' ? b.modifyEnd(sql`without rowid`) : b))
        .execute()
      await sql`insert into notice_count (user_id, create_type, unread, total)
        select user_id, create_type, sum(case when is_read = 0 then 1 else 0 end), count(*)
        from notice_recipient group by user_id, create_type`.execute(db)

      const upsert = sql`insert into notice_count (user_id, create_type, unread, total)
        values (new.user_id, new.create_type, ${unreadOf('new')}, 1)
        on conflict (user_id, create_type) do update
        set unread = notice_count.unread + excluded.unread, total = notice_count.total + 1`
      const removed = sql`update notice_count set unread = unread - ${unreadOf('old')}, total = total - 1
        where user_id = old.user_id and create_type = old.create_type`
      const changed = sql`update notice_count set unread = unread + ${unreadOf('new')} - ${unreadOf('old')}
        where user_id = new.user_id and create_type = new.create_type`
      if (dialect === 'postgres') {
        // statement-level with transition tables: one grouped change per statement, however many
        // rows it wrote (a bulk insert or a retention batch updates each counter row once); new
        // rows take their counter rows in key order, so concurrent notices to the same users queue
        // up instead of deadlocking
        const unreadIn = (t: string) => sql.raw(`sum(case when ${t}.is_read = 0 then 1 else 0 end)`)
        const fn = (name: string, body: ReturnType<typeof sql>) =>
          sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`.execute(
            db,
          )
        await fn(
          'notice_count_insert',
          sql`insert into notice_count (user_id, create_type, unread, total)
            select n.user_id, n.create_type, ${unreadIn('n')}, count(*) from new_rows n group by n.user_id, n.create_type
            order by n.user_id, n.create_type
            on conflict (user_id, create_type) do update
            set unread = notice_count.unread + excluded.unread, total = notice_count.total + excluded.total`,
        )
        await fn(
          'notice_count_delete',
          sql`update notice_count c set unread = c.unread - d.unread, total = c.total - d.total
            from (select o.user_id, o.create_type, ${unreadIn('o')} as unread, count(*) as total from old_rows o group by o.user_id, o.create_type) d
            where c.user_id = d.user_id and c.create_type = d.create_type`,
        )
        await fn(
          'notice_count_update',
          sql`update notice_count c set unread = c.unread + d.delta
            from (select n.user_id, n.create_type, ${unreadIn('n')} - ${unreadIn('o')} as delta
              from new_rows n join old_rows o on o.notice_id = n.notice_id and o.user_id = n.user_id
              group by n.user_id, n.create_type) d
            where c.user_id = d.user_id and c.create_type = d.create_type and d.delta <> 0`,
        )
        await sql`create trigger notice_recipient_count_insert after insert on notice_recipient
          referencing new table as new_rows for each statement execute function notice_count_insert()`.execute(
          db,
        )
        await sql`create trigger notice_recipient_count_delete after delete on notice_recipient
          referencing old table as old_rows for each statement execute function notice_count_delete()`.execute(
          db,
        )
        await sql`create trigger notice_recipient_count_update after update on notice_recipient
          referencing old table as old_rows new table as new_rows for each statement execute function notice_count_update()`.execute(
          db,
        )
      } else {
        await sql`create trigger notice_recipient_count_insert after insert on notice_recipient begin ${upsert}; end`.execute(
          db,
        )
        await sql`create trigger notice_recipient_count_delete after delete on notice_recipient begin ${removed}; end`.execute(
          db,
        )
        await sql`create trigger notice_recipient_count_update after update of is_read on notice_recipient
          when old.is_read <> new.is_read begin ${changed}; end`.execute(db)
      }
    },
  }
}

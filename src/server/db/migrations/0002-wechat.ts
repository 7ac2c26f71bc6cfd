import type { Kysely } from 'kysely'
import { withId, type Dialect } from './column-types.ts'

/** WeChat identities, their bound accounts, and short-lived sign-in tickets. */
export function wechat(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('wechat_user'), dialect)
        .addColumn('open_id', 'text', (c) => c.notNull().unique())
        .addColumn('nick_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ban', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('wechat_binding')
        .addColumn('wechat_user_id', 'integer', (c) =>
          c.notNull().references('wechat_user.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('wechat_binding_pk', ['wechat_user_id', 'user_id'])
        .execute()
      await db.schema
        .createTable('wechat_ticket')
        .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
        .addColumn('open_id', 'text', (c) => c.notNull())
        .addColumn('nick_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute()
    },
  }
}

import type { Kysely } from 'kysely'
import { withId, type Dialect } from './column-types.ts'

/**
 * Web Push: the browser subscriptions of staff, one row per device (its push
 * `endpoint` is unique), tied to the user and to the sign-in (`family_id`) that made it, so a
 * logout removes that device's row; `push_sent` remembers which notice went to which device,
 * so a notice is pushed at most once per device (rows go with their notice or subscription).
 * Two new tables: nothing is rewritten on an existing database.
 */
export function pushSubscriptions(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('push_subscription'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('push_subscription_user')
        .on('push_subscription')
        .column('user_id')
        .execute()
      await db.schema
        .createIndex('push_subscription_family')
        .on('push_subscription')
        .column('family_id')
        .execute()
      await db.schema
        .createTable('push_sent')
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('push_subscription.id').onDelete('cascade'),
        )
        .addColumn('notice_id', 'integer', (c) =>
          c.notNull().references('notice.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('push_sent_pk', ['subscription_id', 'notice_id'])
        .execute()
      // the cascade from a pruned notice finds its rows through this index
      await db.schema.createIndex('push_sent_notice').on('push_sent').column('notice_id').execute()
    },
  }
}

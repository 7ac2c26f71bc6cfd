import type { Kysely } from 'kysely'
import { withId, type Dialect } from './column-types.ts'

/**
 * Phone verification codes (phone sign-in and sign-up). One row per code sent:
 * the code is stored as a salted SHA-256 hash, never in clear; a row is usable until
 * `expires_at` and only once (`used_at`). The same statements on SQLite and PostgreSQL.
 */
export function smsCodes(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('sms_code'), dialect)
        .addColumn('mobile', 'text', (c) => c.notNull())
        // 'login' or 'register': a code sent to sign in does not create an account, and back
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('sms_code_mobile')
        .on('sms_code')
        .columns(['mobile', 'purpose'])
        .execute()
      await db.schema
        .createIndex('sms_code_expires_at')
        .on('sms_code')
        .column('expires_at')
        .execute()
    },
  }
}

import { sql, type Kysely } from 'kysely'
import type { Dialect } from './column-types.ts'

/**
 * Sessions begun by a WeChat sign-in remember the identity (`sessions.wechat_user_id`,
 * carried along every rotation), so banning the identity ends exactly those sessions.
 * Existing sessions get null (their origin is unknown; they end as before).
 * Adding a nullable column rewrites no rows on either database; the partial index holds
 * only WeChat sessions, so it is built quickly even on a large sessions table.
 */
export function sessionWechat(_dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
    async up(db: Kysely<any>) {
      await db.schema.alterTable('sessions').addColumn('wechat_user_id', 'integer').execute()
      await db.schema
        .createIndex('sessions_wechat_user')
        .on('sessions')
        .column('wechat_user_id')
        .where(sql.ref('wechat_user_id'), 'is not', null)
        .execute()
    },
  }
}

import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

const ticketTtlMs = 10 * 60_000
const hash = (t: string) => createHash('sha256').update(t).digest('base64url')

export async function findWechatUser(db: Kysely<Database>, openId: string) {
  return db.selectFrom('wechat_user').selectAll().where('open_id', '=', openId).executeTakeFirst()
}

/** Accounts bound to a WeChat identity that may sign in (not banned). */
export async function boundAccounts(db: Kysely<Database>, wechatUserId: number) {
  return db
    .selectFrom('wechat_binding')
    .innerJoin('users', 'users.id', 'wechat_binding.user_id')
    .select(['users.id', 'users.login_name'])
    .where('wechat_binding.wechat_user_id', '=', wechatUserId)
    .where('users.ban', '=', 0)
    .orderBy('users.login_name')
    .execute()
}

/** A one-use ticket that stands for a WeChat identity between two calls. */
export async function createTicket(
  db: Kysely<Database>,
  openId: string,
  nickName: string,
): Promise<string> {
  const ticket = randomBytes(24).toString('base64url')
  await db.deleteFrom('wechat_ticket').where('expires_at', '<', new Date().toISOString()).execute()
  await db
    .insertInto('wechat_ticket')
    .values({
      ticket_hash: hash(ticket),
      open_id: openId,
      nick_name: nickName,
      expires_at: new Date(Date.now() + ticketTtlMs).toISOString(),
    })
    .execute()
  return ticket
}

/** A ticket that is still valid, left in place (a wrong password does not cost the user their WeChat sign-in). */
export async function findTicket(db: Kysely<Database>, ticket: string) {
  const row = await db
    .selectFrom('wechat_ticket')
    .selectAll()
    .where('ticket_hash', '=', hash(ticket))
    .executeTakeFirst()
  return row && Date.parse(row.expires_at) > Date.now() ? row : undefined
}

/** Uses a ticket found by `findTicket`; false when a concurrent call used it first. */
export async function claimTicket(db: Kysely<Database>, ticketHash: string): Promise<boolean> {
  const r = await db
    .deleteFrom('wechat_ticket')
    .where('ticket_hash', '=', ticketHash)
    .executeTakeFirst()
  return Number(r.numDeletedRows) === 1
}

/** Binds an identity (created on first bind) to an account; answers the identity's id. */
export async function bindAccount(
  db: Kysely<Database>,
  openId: string,
  nickName: string,
  userId: number,
): Promise<number> {
  const now = new Date().toISOString()
  await db
    .insertInto('wechat_user')
    .values({ open_id: openId, nick_name: nickName, avatar: '', ban: 0, created_at: now })
    .onConflict((oc) => oc.column('open_id').doNothing())
    .execute()
  const wx = await db
    .selectFrom('wechat_user')
    .select('id')
    .where('open_id', '=', openId)
    .executeTakeFirstOrThrow()
  await db
    .insertInto('wechat_binding')
    .values({ wechat_user_id: wx.id, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['wechat_user_id', 'user_id']).doNothing())
    .execute()
  return wx.id
}

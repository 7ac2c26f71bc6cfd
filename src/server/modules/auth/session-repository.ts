import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')
const newToken = () => randomBytes(32).toString('base64url')

export type IssuedTokens = { Token: string; RefreshToken: string }

/**
 * Starts a session (or continues a family on rotation) and returns the new token pair.
 * A rotation passes the family's start and `maxAge`: neither token then outlives the family's
 * absolute lifetime (SESSION_MAX_AGE_SECONDS), whatever the sliding TTLs say.
 */
export async function issueTokens(
  db: Kysely<Database>,
  input: {
    userId: number
    ip: string
    accessTtl: number
    refreshTtl: number
    familyId?: string
    familyStartedAt?: string
    maxAge?: number
    /** the WeChat identity of a WeChat sign-in (carried along rotations): banning it ends the family */
    wechatUserId?: number | null
  },
): Promise<IssuedTokens> {
  const now = Date.now()
  const Token = newToken()
  const RefreshToken = newToken()
  const startedAt = input.familyStartedAt ?? new Date(now).toISOString()
  const familyEnd =
    input.maxAge === undefined ? Infinity : Date.parse(startedAt) + input.maxAge * 1000
  await db
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      family_id: input.familyId ?? randomUUID(),
      access_hash: hashToken(Token),
      access_expires_at: new Date(Math.min(now + input.accessTtl * 1000, familyEnd)).toISOString(),
      refresh_hash: hashToken(RefreshToken),
      refresh_expires_at: new Date(
        Math.min(now + input.refreshTtl * 1000, familyEnd),
      ).toISOString(),
      rotated_at: null,
      revoked_at: null,
      ip: input.ip,
      created_at: new Date(now).toISOString(),
      family_started_at: startedAt,
      wechat_user_id: input.wechatUserId ?? null,
    })
    .execute()
  return { Token, RefreshToken }
}

/** The session an access token belongs to, with its user, if any. */
export async function findSessionByAccessToken(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.family_id as familyId',
      'sessions.access_expires_at as accessExpiresAt',
      'sessions.rotated_at as rotatedAt',
      'sessions.revoked_at as revokedAt',
      'users.id as userId',
      'users.login_name as loginName',
      'users.role as role',
      'users.ban as ban',
      'users.must_change_password as mustChangePassword',
    ])
    .where('sessions.access_hash', '=', hashToken(token))
    .executeTakeFirst()
}

export type RefreshOutcome =
  | {
      ok: true
      /** the session row whose refresh token was used */
      sessionId: number
      userId: number
      familyId: string
      familyStartedAt: string
      loginName: string
      wechatUserId: number | null
    }
  | {
      ok: false
      reason: 'unknown' | 'expired' | 'revoked' | 'reused'
      familyId?: string
      loginName?: string
    }

/**
 * Uses a refresh token once: marks it rotated and hands back its family. A token that was
 * already rotated (reuse) revokes its whole family. A family older than `maxAgeSeconds`
 * (its absolute lifetime, counted from the sign-in) is expired even if rotated a moment ago.
 * A family begun by a WeChat sign-in whose identity is now banned is revoked.
 */
export async function consumeRefreshToken(
  db: Kysely<Database>,
  token: string,
  { maxAgeSeconds }: { maxAgeSeconds: number },
): Promise<RefreshOutcome> {
  const s = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('wechat_user', 'wechat_user.id', 'sessions.wechat_user_id')
    .select([
      'sessions.id',
      'sessions.family_id',
      'sessions.wechat_user_id',
      'wechat_user.ban as wechat_ban',
      'sessions.refresh_expires_at',
      'sessions.rotated_at',
      'sessions.revoked_at',
      'sessions.created_at',
      'sessions.family_started_at',
      'users.id as user_id',
      'users.ban',
      'users.login_name',
    ])
    .where('sessions.refresh_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!s) return { ok: false, reason: 'unknown' }
  const who = { familyId: s.family_id, loginName: s.login_name }
  if (s.revoked_at || s.ban || s.wechat_ban) return { ok: false, reason: 'revoked', ...who }
  if (s.rotated_at) {
    await revokeFamily(db, s.family_id)
    return { ok: false, reason: 'reused', ...who }
  }
  const familyStartedAt = s.family_started_at ?? s.created_at
  if (Date.parse(s.refresh_expires_at) <= Date.now())
    return { ok: false, reason: 'expired', ...who }
  if (Date.parse(familyStartedAt) + maxAgeSeconds * 1000 <= Date.now())
    return { ok: false, reason: 'expired', ...who }
  const claimed = await db
    .updateTable('sessions')
    .set({ rotated_at: new Date().toISOString() })
    .where('id', '=', s.id)
    .where('rotated_at', 'is', null)
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) {
    await revokeFamily(db, s.family_id)
    return { ok: false, reason: 'reused', ...who }
  }
  return {
    ok: true,
    sessionId: s.id,
    userId: s.user_id,
    familyId: s.family_id,
    familyStartedAt,
    loginName: s.login_name,
    wechatUserId: s.wechat_user_id,
  }
}

/**
 * A refresh hands the sign-in on to a new session row: the push subscriptions of the used row go
 * with it (they belong to a session, migration 0028, and the used row is pruned in its time).
 */
export async function carryPushSubscriptions(
  db: Kysely<Database>,
  fromSessionId: number,
  toAccessToken: string,
): Promise<void> {
  const to = await db
    .selectFrom('sessions')
    .select('id')
    .where('access_hash', '=', hashToken(toAccessToken))
    .executeTakeFirst()
  if (!to) return
  await db
    .updateTable('push_subscription')
    .set({ session_id: to.id })
    .where('session_id', '=', fromSessionId)
    .execute()
}

/** Whether any session of a family was revoked (a reuse revokes the whole family). */
export async function familyRevoked(db: Kysely<Database>, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is not', null)
    .executeTakeFirst()
  return row !== undefined
}

export async function revokeFamily(db: Kysely<Database>, familyId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Revokes every session of a user except one family (e.g. after a password change). */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  userId: number,
  keepFamily: string | null,
) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (keepFamily) q = q.where('family_id', '!=', keepFamily)
  await q.execute()
}

/** Revokes every session begun by a sign-in with one of these WeChat identities (they were banned). */
export async function revokeWechatSessions(db: Kysely<Database>, wechatUserIds: number[]) {
  if (wechatUserIds.length === 0) return
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('wechat_user_id', 'in', wechatUserIds)
    .where('revoked_at', 'is', null)
    .execute()
}

import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')
const newToken = () => randomBytes(32).toString('base64url')

export type IssuedTokens = { Token: string; RefreshToken: string }

/** Starts a session (or continues a family on rotation) and returns the new token pair. */
export async function issueTokens(
  db: Kysely<Database>,
  input: { userId: number; ip: string; accessTtl: number; refreshTtl: number; familyId?: string },
): Promise<IssuedTokens> {
  const now = Date.now()
  const Token = newToken()
  const RefreshToken = newToken()
  await db
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      family_id: input.familyId ?? randomUUID(),
      access_hash: hashToken(Token),
      access_expires_at: new Date(now + input.accessTtl * 1000).toISOString(),
      refresh_hash: hashToken(RefreshToken),
      refresh_expires_at: new Date(now + input.refreshTtl * 1000).toISOString(),
      rotated_at: null,
      revoked_at: null,
      ip: input.ip,
      created_at: new Date(now).toISOString(),
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
    ])
    .where('sessions.access_hash', '=', hashToken(token))
    .executeTakeFirst()
}

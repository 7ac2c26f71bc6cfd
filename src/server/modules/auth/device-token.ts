import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import {
  deviceCookieName,
  deviceTokenLifetimeDays,
  deviceTokensPerBrowser,
} from '#shared/contract/sign-in'
import type { Db } from '../../db/open.ts'
import type { Database } from '../../db/schema.ts'

/**
 * Device tokens (OWASP "Slow down online guessing attacks with device cookies", docs/security.md):
 * a browser that signed in to an account with its password keeps a signed token for that
 * account, which exempts its next sign-ins to that account from the per-address lockout (not from
 * the per-account one). A token is
 * `base64url(login).issuedAtSeconds.nonce.HMAC-SHA256(key, login|issuedAt|nonce|passwordHash)`:
 * the account's current password hash is part of what is signed, so a password change or reset
 * revokes every token of the account without any stored state. The key is made once and kept
 * like the RSA and VAPID keys: `device-token-key` in DATA_DIR (0600) with the embedded database,
 * app_meta `device_token_key` shared by every instance on PostgreSQL.
 */
export type DeviceTokens = {
  /** A new token for this account (its login name and current password hash). */
  issue: (user: { login_name: string; password_hash: string }) => string
  /** The login names whose token in this Cookie header is valid now. */
  trusted: (cookieHeader: string | undefined) => Promise<Set<string>>
  /** The cookie value after a successful sign-in: this account's new token first, others kept. */
  cookieValue: (cookieHeader: string | undefined, token: string, login: string) => string
}

const metaKey = 'device_token_key'
const fileName = 'device-token-key'
const lifetimeMs = deviceTokenLifetimeDays * 86_400_000
const b64u = (b: Buffer | string) => Buffer.from(b).toString('base64url')

/** The key in DATA_DIR (embedded database), made at first start. */
function fileKey(dataDir: string): Buffer {
  const file = path.join(dataDir, fileName)
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' })
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url')
}

/** The key every instance on one PostgreSQL database shares (insert once, read back). */
async function sharedKey(db: Kysely<Database>): Promise<Buffer> {
  const read = async () =>
    (await db.selectFrom('app_meta').select('value').where('key', '=', metaKey).executeTakeFirst())
      ?.value
  if (!(await read()))
    await db
      .insertInto('app_meta')
      .values({ key: metaKey, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
  return Buffer.from((await read())!, 'base64url')
}

/** Loads (or makes, once) the signing key: shared in PostgreSQL, in DATA_DIR with SQLite. */
export async function loadDeviceKey(db: Db, dataDir: string): Promise<Buffer> {
  return db.dialect === 'postgres' ? sharedKey(db.db) : fileKey(dataDir)
}

/** The tokens of a Cookie header's device cookie (a browser keeps one per account it signs in to). */
function tokensOf(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return []
  const value =
    cookieHeader
      .slice(0, 8192)
      .split(';')
      .map((part) => part.trim().split('='))
      .find(([name]) => name === deviceCookieName)?.[1] ?? ''
  return value
    .split('~')
    .filter((v) => v !== '')
    .slice(0, deviceTokensPerBrowser)
}

type Parsed = { login: string; issuedAt: number; nonce: string; mac: string }

function parse(token: string): Parsed | undefined {
  const m = /^([\w-]{1,200})\.(\d{1,12})\.([\w-]{16,64})\.([\w-]{43})$/.exec(token)
  if (!m) return undefined
  return {
    login: Buffer.from(m[1]!, 'base64url').toString('utf8'),
    issuedAt: Number(m[2]),
    nonce: m[3]!,
    mac: m[4]!,
  }
}

export function createDeviceTokens(
  db: Kysely<Database>,
  key: Buffer,
  now: () => number = Date.now,
): DeviceTokens {
  const mac = (login: string, issuedAt: number, nonce: string, passwordHash: string) =>
    createHmac('sha256', key)
      .update(`${login}|${issuedAt}|${nonce}|`)
      // the hash itself never leaves the server; a digest keeps the signed text short
      .update(createHash('sha256').update(passwordHash).digest())
      .digest('base64url')

  return {
    issue(user) {
      const issuedAt = Math.floor(now() / 1000)
      const nonce = randomBytes(16).toString('base64url')
      const signature = mac(user.login_name, issuedAt, nonce, user.password_hash)
      return `${b64u(user.login_name)}.${issuedAt}.${nonce}.${signature}`
    },
    async trusted(cookieHeader) {
      const out = new Set<string>()
      for (const token of tokensOf(cookieHeader)) {
        const p = parse(token)
        if (!p || p.issuedAt * 1000 + lifetimeMs <= now() || p.issuedAt * 1000 > now() + 60_000)
          continue
        const user = await db
          .selectFrom('users')
          .select(['login_name', 'password_hash', 'ban'])
          .where('login_name', '=', p.login)
          .executeTakeFirst()
        if (!user || user.ban) continue
        const expected = Buffer.from(mac(user.login_name, p.issuedAt, p.nonce, user.password_hash))
        const given = Buffer.from(p.mac)
        if (expected.length === given.length && timingSafeEqual(expected, given))
          out.add(user.login_name)
      }
      return out
    },
    cookieValue(cookieHeader, token, login) {
      const others = tokensOf(cookieHeader).filter((t) => parse(t)?.login !== login)
      return [token, ...others].slice(0, deviceTokensPerBrowser).join('~')
    },
  }
}

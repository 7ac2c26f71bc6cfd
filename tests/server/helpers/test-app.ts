import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp } from '#server/app'
import { loadConfig, type Config } from '#server/config'
import { migrateToLatest } from '#server/db/migrate'
import { openPostgres, openSqlite, type Db } from '#server/db/open'
import { seedDatabase } from '#server/db/seed/seed'
import { issueTokens } from '#server/modules/auth/session-repository'
import type { SmsMessage } from '#server/modules/auth/sms-sender'

export const testPasswords = {
  admin: 'admin-test-pass-1',
  editor: 'editor-test-pass-1',
  staff: 'staff-test-pass-1',
}

/** A throwaway PostgreSQL database on the server of TEST_DATABASE_URL; dropped by the returned function. */
export async function createPgDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `forgeline_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

/** An SMS sender that keeps what it was asked to send (tests read the codes from it). */
export function captureSms() {
  const sent: SmsMessage[] = []
  return {
    name: 'capture',
    sent,
    async send(m: SmsMessage) {
      sent.push(m)
    },
    /** the last code sent to a number */
    lastCode: (mobile: string) => sent.findLast((m) => m.mobile === mobile)?.code,
  }
}

/**
 * Registers an account the way the sign-up page does: a code sent to the mobile number, then
 * `POST /register` with it. Answers the register response.
 */
export async function registerWithCode(
  t: { app: Awaited<ReturnType<typeof buildApp>>; sms: ReturnType<typeof captureSms> },
  p: { username: string; password: string; mobile: string; realName?: string },
  url = '/register',
) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/User/SendSmsCode',
    payload: { mobile: p.mobile, purpose: 'register' },
  })
  if (sent.statusCode !== 200)
    throw new Error(`SendSmsCode answered ${sent.statusCode}: ${sent.body}`)
  return t.app.inject({ method: 'POST', url, payload: { ...p, code: t.sms.lastCode(p.mobile) } })
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * The whole app on a fresh database: SQLite in a temp DATA_DIR, or a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set. Migrated and seeded like a first start.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** wrapDb: changes the opened database before the app is built (e.g. a statement counter) */
  opts: {
    pgBase?: string
    wrapDb?: (db: Db) => Db
    /** the sender SMS_SENDER chooses (none when unset) instead of the capturing one */
    configuredSms?: boolean
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-test-'))
  const pgBase = opts.pgBase ?? process.env.TEST_DATABASE_URL
  const pgDb = pgBase ? await createPgDatabase(pgBase) : undefined
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: testPasswords.admin,
    EDITOR_PASSWORD: testPasswords.editor,
    STAFF_PASSWORD: testPasswords.staff,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    CLIENT_DIR: path.join(dataDir, 'client'),
    ...env,
  })
  const opened: Db = pgDb
    ? await openPostgres(pgDb.url, { timeouts: config.databaseTimeouts })
    : await openSqlite(dataDir)
  const db = opts.wrapDb ? opts.wrapDb(opened) : opened
  const printed: string[] = []
  await migrateToLatest(db.db, db.dialect)
  await seedDatabase(db, config, (line) => printed.push(line))
  const sms = captureSms()
  const app = await buildApp({ config, db, ...(opts.configuredSms ? {} : { sms }) })
  await app.ready()
  return {
    app,
    db,
    sms,
    config,
    dataDir,
    printed,
    async close() {
      await app.close()
      await db.close()
      await pgDb?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The PostgreSQL server for tests that need one even in the SQLite run (the cross-instance
 * notice test): TEST_DATABASE_URL, or the throwaway cluster `npm test` starts (TEST_PG_URL).
 */
export function postgresForTests(): string {
  const url = process.env.TEST_DATABASE_URL ?? process.env.TEST_PG_URL
  if (!url)
    throw new Error(
      'This test needs PostgreSQL: install it (apt-get install postgresql) and run `npm test`, which starts a throwaway cluster.',
    )
  return url
}

/**
 * Signs in through the API and returns the access token: a seeded account (its test password) or
 * any account with its password. The one sign-in set-up of the server tests.
 */
export async function signIn(
  app: TestApp['app'],
  username: string,
  password = testPasswords[username as keyof typeof testPasswords],
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload: { username, password },
  })
  const body = res.json() as { data: { Token: string } | null }
  if (!body.data) throw new Error(`signIn(${username}): ${res.body}`)
  return body.data.Token
}

/** An access token for an account without the login call (no rate limit, no log row): tests that open many sessions. */
export async function sessionToken(t: Pick<TestApp, 'db'>, login: string): Promise<string> {
  const u = await t.db.db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', login)
    .executeTakeFirstOrThrow()
  return (
    await issueTokens(t.db.db, { userId: u.id, ip: '127.0.0.1', accessTtl: 600, refreshTtl: 3600 })
  ).Token
}

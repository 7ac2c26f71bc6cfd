import path from 'node:path'
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acquireLock } from '#server/db/lock'
import { openPostgres, openSqlite, type Db } from '#server/db/open'
import { verifyPassword } from '#server/modules/auth/passwords'
import { createTestApp, testPasswords, type TestApp } from './helpers/test-app.ts'

/*
 * `npm run reset-password -- <login>` on the database the environment configures:
 * SQLite here, PostgreSQL in `npm run test:pg` (createTestApp follows TEST_DATABASE_URL).
 */

const root = path.resolve(import.meta.dirname, '../..')
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
})
afterAll(() => t.close())

type Result = { code: number | null; out: string; err: string }

/** Runs `npm run reset-password -- ...args` with the test database's settings. */
function reset(args: string[], stdin?: string, env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'reset-password', '--', ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: t.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        ...env,
      },
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.stdin.end(stdin ?? '')
    child.on('exit', (code) => resolve({ code, out, err: err.replace(/^npm warn .*\n/gm, '') }))
  })
}

/** The account as stored, read through a fresh connection (no cache of the test app). */
async function stored(login: string) {
  const db: Db = t.config.databaseUrl
    ? await openPostgres(t.config.databaseUrl)
    : await openSqlite(t.dataDir, { readCache: false })
  try {
    return await db.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'must_change_password'])
      .where('login_name', '=', login)
      .executeTakeFirstOrThrow()
  } finally {
    await db.close()
  }
}

const signIn = async (username: string, password: string) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/User/Login', payload: { username, password } })
  ).json() as { code: number; data: { RefreshToken: string } }

describe(`npm run reset-password (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it(
    'generates and prints a new password, forces a change at next sign-in and ends the sessions',
    { timeout: 60_000 },
    async () => {
      const before = await signIn('editor', testPasswords.editor)
      expect(before.code).toBe(200)
      const r = await reset(['editor'])
      expect(r.err).toBe('')
      expect(r.code).toBe(0)
      const password = /New password for editor: (\S+)/.exec(r.out)?.[1]
      expect(password).toBeTruthy()
      const row = await stored('editor')
      expect(await verifyPassword(password!, row.password_hash)).toBe(true)
      expect(await verifyPassword(testPasswords.editor, row.password_hash)).toBe(false)
      expect(row.must_change_password).toBe(1)
      // the old sign-in's refresh token no longer works
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/User/RefreshToken',
        payload: { refreshToken: before.data.RefreshToken },
      })
      expect((refreshed.json() as { code: number }).code).not.toBe(200)
    },
  )

  it('takes the password from --password or from stdin', { timeout: 60_000 }, async () => {
    expect((await reset(['staff', '--password', 'chosen-pass-42'])).code).toBe(0)
    expect(await verifyPassword('chosen-pass-42', (await stored('staff')).password_hash)).toBe(true)
    const viaStdin = await reset(['staff', '--stdin'], 'piped-pass-4242\n')
    expect(viaStdin.code).toBe(0)
    expect(viaStdin.out).toContain('The password of staff was changed.')
    expect(viaStdin.out).not.toContain('piped-pass-4242')
    expect(await verifyPassword('piped-pass-4242', (await stored('staff')).password_hash)).toBe(
      true,
    )
  })

  it(
    'refuses an unknown account, a short password and a missing login with a message and a non-zero exit',
    { timeout: 60_000 },
    async () => {
      const hash = (await stored('admin')).password_hash
      const unknown = await reset(['nobody'])
      expect(unknown.code).toBe(1)
      expect(unknown.err).toContain('There is no account "nobody". Accounts: admin, editor, staff.')
      const short = await reset(['admin', '--password', 'short'])
      expect(short.code).toBe(2)
      expect(short.err).toContain('must be 8 to 200 characters')
      const none = await reset([])
      expect(none.code).toBe(2)
      expect(none.err).toContain('reset-password [--env-file /etc/forgeline/forgeline.env] <login>')
      expect((await stored('admin')).password_hash).toBe(hash)
    },
  )

  it(
    'refuses a database it cannot use: SQLite held by a running server or missing; PostgreSQL unreachable',
    { timeout: 60_000 },
    async () => {
      if (t.config.databaseUrl) {
        const r = await reset(['admin'], undefined, {
          DATABASE_URL: 'postgres://nobody:secret-pw@127.0.0.1:1/none',
        })
        expect(r.code).toBe(1)
        expect(r.err).toContain('Cannot connect to PostgreSQL at 127.0.0.1:1')
        expect(r.err).not.toContain('secret-pw')
        return
      }
      const release = acquireLock(t.dataDir)
      try {
        const r = await reset(['admin', '--password', 'while-running-1'])
        expect(r.code).toBe(1)
        expect(r.err).toMatch(
          /Another Forgeline process \(pid \d+\) is using .*Stop the server, reset the password, then start it again\./,
        )
      } finally {
        release()
      }
      const empty = await reset(['admin'], undefined, {
        DATA_DIR: path.join(t.dataDir, 'nothing-here'),
      })
      expect(empty.code).toBe(1)
      expect(empty.err).toContain('There is no Forgeline database in')
    },
  )
})

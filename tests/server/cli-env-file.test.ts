import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnvFile } from '#server/cli/env-file'
import { openPostgres, openSqlite } from '#server/db/open'
import { verifyPassword } from '#server/modules/auth/passwords'
import { createTestApp, postgresForTests, type TestApp } from './helpers/test-app.ts'

/*
 * The operator commands read the service's settings file (`--env-file`) the way systemd's
 * EnvironmentFile= does, never through a shell: a DATABASE_URL with `&` reaches PostgreSQL whole
 * (a shell would cut it at the `&` and the command would open an SQLite database of its own).
 */

const root = path.resolve(import.meta.dirname, '../..')
const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

describe('the settings file, read with systemd EnvironmentFile rules', () => {
  it('keeps &, ?, $ and spaces, drops comments, unquotes and unescapes like systemd', () => {
    const warnings: string[] = []
    const parsed = parseEnvFile(
      [
        '# a comment',
        '; another comment',
        '',
        'DATABASE_URL=postgres://u:p@127.0.0.1:5432/db?sslmode=verify-full&sslrootcert=/etc/forgeline/ca.pem',
        '  PUBLIC_URL = https://forgeline.example.com   ',
        'SINGLE=\'a $HOME & "b"\'',
        'DOUBLE="x \\"y\\" \\$z \\\\ w"',
        'BARE=a\\ b # not a comment',
        'CONT=one\\',
        'two',
        'EMPTY=',
        'not an assignment',
        '1BAD=x',
      ].join('\n'),
      (w) => warnings.push(w),
    )
    expect(parsed).toEqual({
      DATABASE_URL:
        'postgres://u:p@127.0.0.1:5432/db?sslmode=verify-full&sslrootcert=/etc/forgeline/ca.pem',
      PUBLIC_URL: 'https://forgeline.example.com',
      SINGLE: 'a $HOME & "b"',
      DOUBLE: 'x "y" $z \\ w',
      BARE: 'a b # not a comment',
      CONT: 'onetwo',
      EMPTY: '',
    })
    expect(warnings).toHaveLength(2)
  })
})

/** `node scripts/server-cli.mjs <args>` with an environment that names no database. */
function cli(args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const env: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: os.tmpdir() }
    const child = spawn(process.execPath, ['scripts/server-cli.mjs', ...args], { cwd: root, env })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code) => resolve({ code, out }))
  })
}

describe('reset-password --env-file on PostgreSQL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' }, { pgBase: postgresForTests() })
  })
  afterAll(() => t.close())

  it(
    'reaches the database of a DATABASE_URL holding & (as the service does)',
    { timeout: 120_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-env-file-'))
      dirs.push(dir)
      const url = new URL(t.config.databaseUrl!)
      url.search = '?application_name=forgeline-cli&sslmode=disable'
      const envFile = path.join(dir, 'forgeline.env')
      fs.writeFileSync(
        envFile,
        `# the service's settings\nDATABASE_URL=${url.toString()}\nDATA_DIR=${path.join(dir, 'data')}\n`,
      )
      const r = await cli([
        'reset-password',
        '--env-file',
        envFile,
        'staff',
        '--password',
        'from-env-file-1',
      ])
      expect(r.code, r.out).toBe(0)
      const db = await openPostgres(t.config.databaseUrl!)
      try {
        const row = await db.db
          .selectFrom('users')
          .select('password_hash')
          .where('login_name', '=', 'staff')
          .executeTakeFirstOrThrow()
        expect(await verifyPassword('from-env-file-1', row.password_hash)).toBe(true)
      } finally {
        await db.close()
      }
      // nothing of its own was opened in DATA_DIR: no SQLite database beside the settings
      expect(fs.existsSync(path.join(dir, 'data', 'forgeline.db'))).toBe(false)
    },
  )

  it('an unreadable settings file is a clear refusal', { timeout: 120_000 }, async () => {
    const r = await cli(['backup', '--env-file', '/nonexistent/forgeline.env', '/tmp/x.tar.gz'])
    // Node 20 itself looks at an `--env-file` among the script's arguments and stops with
    // "node: <file>: not found" (exit 9) before the command runs; later Node leaves it to us
    expect(r.code === 1 || r.code === 9, r.out).toBe(true)
    expect(r.out).toMatch(
      /The settings file \/nonexistent\/forgeline\.env cannot be read \(ENOENT\)|node: \/nonexistent\/forgeline\.env: not found/,
    )
  })
})

describe('restore --env-file into a new folder', () => {
  it(
    'restores beside DATA_DIR, private, and prints the commands that switch the service over',
    { timeout: 120_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-env-restore-'))
      dirs.push(dir)
      const dataDir = path.join(dir, 'lib', 'forgeline-2')
      fs.mkdirSync(dataDir, { recursive: true })
      const db = await openSqlite(dataDir)
      await db.db.schema.createTable('t').addColumn('v', 'text').execute()
      await db.close()
      fs.writeFileSync(path.join(dir, 'forgeline-2.env'), `DATA_DIR=${dataDir}\nPORT=8082\n`)
      const archive = path.join(dir, 'b.tar.gz')
      const envFile = path.join(dir, 'forgeline-2.env')
      const b = await cli(['backup', '--env-file', envFile, archive])
      expect(b.code, b.out).toBe(0)
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600)
      const r = await cli(['restore', '--env-file', envFile, archive])
      expect(r.code, r.out).toBe(0)
      const restored = /into (\S+): the database/.exec(r.out)?.[1]
      expect(restored).toMatch(new RegExp(`^${dataDir}\\.restored-\\d{8}-\\d{6}$`))
      expect(fs.statSync(restored!).mode & 0o777).toBe(0o700)
      expect(fs.statSync(path.join(restored!, 'forgeline.db')).mode & 0o777).toBe(0o600)
      expect(r.out).toContain('systemctl stop forgeline-2')
      expect(r.out).toContain(`mv ${restored} ${dataDir}\n`)
      expect(r.out).toContain('systemctl start forgeline-2')
      expect(r.out).toContain('curl -s http://127.0.0.1:8082/readyz')
    },
  )
})

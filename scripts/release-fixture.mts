// Makes the database of a release for the upgrade test (tests/server/release-upgrade.test.ts):
// a first start of this checkout (migrated and seeded, demo content on), then through the API a
// sign-in (sessions), an order saved and edited (orders, record history), an uploaded picture
// (uploads) and a news item (content). Writes, under tests/fixtures/:
//   release-<version>.db             the SQLite database (WAL folded in)
//   release-<version>-uploads/       the SQLite instance's uploaded files
//   release-<version>-pg.sql         a PostgreSQL dump (plain SQL with INSERTs), when a URL is given
// Run once per release, on the commit that is released:
//   npx tsx scripts/release-fixture.mts [postgres://superuser@127.0.0.1:PORT/postgres]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import pg from 'pg'
import sharp from 'sharp'
import { buildApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { openPostgres, openSqlite, sqliteFileName } from '../src/server/db/open.ts'
import { seedDatabase } from '../src/server/db/seed/seed.ts'

const root = path.resolve(import.meta.dirname, '..')
const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version
const out = path.join(root, 'tests', 'fixtures')
export const fixturePasswords = {
  ADMIN_PASSWORD: 'release-admin-pass-1',
  EDITOR_PASSWORD: 'release-editor-pass-1',
  STAFF_PASSWORD: 'release-staff-pass-1',
}

async function fill(dataDir: string, databaseUrl?: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CLIENT_DIR: path.join(dataDir, 'client'),
    ...fixturePasswords,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openSqlite(dataDir)
  await migrateToLatest(db.db, db.dialect)
  await seedDatabase(db, config, () => {})
  const app = await buildApp({ config, db })
  await app.ready()
  const call = async (url: string, payload: unknown, token?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/${url}`,
      payload: payload as Record<string, unknown>,
      headers: {
        'sec-fetch-site': 'same-origin',
        lang: 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    })
    const body = res.json() as { code: number; msg: string; data: unknown }
    if (res.statusCode !== 200 || body.code !== 200) throw new Error(`${url}: ${res.body}`)
    return body.data
  }
  const login = async (username: string, password: string) =>
    ((await call('User/Login', { username, password })) as { Token: string }).Token
  const admin = await login('admin', fixturePasswords.ADMIN_PASSWORD)
  const editor = await login('editor', fixturePasswords.EDITOR_PASSWORD)
  await call(
    'PostData/PostCommon',
    {
      postUrl: 'SaveOrder',
      postData: {
        insertRecords: [
          {
            OrderNo: 'REL-0001',
            Customer: 'Release fixture',
            PartName: 'Flange',
            Quantity: 12,
            UnitPrice: 3.5,
          },
        ],
      },
    },
    admin,
  )
  const order = await db.db
    .selectFrom('orders')
    .select('id')
    .where('order_no', '=', 'REL-0001')
    .executeTakeFirstOrThrow()
  await call(
    'PostData/PostCommon',
    {
      postUrl: 'SaveOrder',
      postData: { updateRecords: [{ Id: Number(order.id), Quantity: 15 }] },
    },
    admin,
  )
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer()
  const boundary = '----forgeline-release-fixture'
  const res = await app.inject({
    method: 'POST',
    url: '/api/Upload',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fixture.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${editor}`,
    },
  })
  if (res.statusCode !== 200) throw new Error(`Upload: ${res.body}`)
  await app.close()
  await db.close()
}

const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-release-fixture-'))
await fill(sqliteDir)
fs.copyFileSync(path.join(sqliteDir, sqliteFileName), path.join(out, `release-${version}.db`))
fs.rmSync(path.join(out, `release-${version}-uploads`), { recursive: true, force: true })
fs.cpSync(path.join(sqliteDir, 'uploads'), path.join(out, `release-${version}-uploads`), {
  recursive: true,
})
fs.rmSync(sqliteDir, { recursive: true, force: true })
console.log(`tests/fixtures/release-${version}.db and release-${version}-uploads/`)

const base = process.argv[2]
if (base) {
  const name = `forgeline_release_fixture_${Date.now()}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-release-fixture-pg-'))
  try {
    await fill(pgDir, url.toString())
    const dump = execFileSync(
      'pg_dump',
      ['--inserts', '--no-owner', '--no-privileges', '--no-comments', url.toString()],
      { encoding: 'utf8', maxBuffer: 1 << 30 },
    )
    // psql-only meta-commands (pg_dump's \restrict lines) out: the test runs it through node-postgres
    const sqlText = dump
      .split('\n')
      .filter((l) => !l.startsWith('\\'))
      .join('\n')
    fs.writeFileSync(path.join(out, `release-${version}-pg.sql`), sqlText)
    console.log(`tests/fixtures/release-${version}-pg.sql`)
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
    fs.rmSync(pgDir, { recursive: true, force: true })
  }
}

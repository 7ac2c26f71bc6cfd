import { constants, publicEncrypt } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/open'
import { loadRsaKeys, type RsaKeys } from '#server/modules/auth/rsa-keys'
import { createTestApp, postgresForTests, type TestApp } from './helpers/test-app.ts'

/*
 * The sign-in key pair of several instances on one PostgreSQL database: one pair, kept in
 * app_meta, whichever instance starts first; a pair an instance made when it ran alone (in its
 * DATA_DIR) is the one it offers.
 */

let pgApp: TestApp
const dirs: string[] = []
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-rsa-pg-'))
  dirs.push(dir)
  return dir
}
const stored = async () =>
  (
    await pgApp.db.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'rsa_key_pair')
      .executeTakeFirst()
  )?.value
/** a sign-in block the pair's public half encrypts and `decrypt` must read back */
const roundTrip = (keys: RsaKeys, publicPem: string) => {
  const block = Buffer.alloc(128, 0x5a)
  block[0] = 0
  block[1] = 2
  block[120] = 0
  block.write('abcdefg', 121)
  const cipher = publicEncrypt({ key: publicPem, padding: constants.RSA_NO_PADDING }, block)
  return keys.decrypt(cipher.toString('base64'))
}

beforeAll(async () => {
  pgApp = await createTestApp({ SEED_DEMO: 'false' }, { pgBase: postgresForTests() })
})
afterAll(async () => {
  await pgApp.close()
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

describe('the RSA key pair on PostgreSQL', () => {
  beforeEach(async () => {
    await sql`delete from app_meta where key = 'rsa_key_pair'`.execute(pgApp.db.db)
  })

  it('is made by the first instance, kept in the database, and read by every other', async () => {
    const first = await loadRsaKeys(pgApp.db, dataDir())
    const row = JSON.parse((await stored())!) as { privatePem: string; publicPem: string }
    expect(row.publicPem).toBe(first.publicKeyPem)
    expect(row.privatePem).toContain('BEGIN RSA PRIVATE KEY')
    const otherDir = dataDir()
    const second = await loadRsaKeys(pgApp.db, otherDir)
    expect(second.publicKeyPem).toBe(first.publicKeyPem)
    // the other instance decrypts what the first one's public key encrypted
    expect(roundTrip(second, first.publicKeyPem)).toBe('abcdefg')
    // nothing is written to an instance's own directory
    expect(fs.readdirSync(otherDir)).toEqual([])
  })

  it('two instances starting together agree on one pair', async () => {
    const [a, b] = await Promise.all([
      loadRsaKeys(pgApp.db, dataDir()),
      loadRsaKeys(pgApp.db, dataDir()),
    ])
    expect(a.publicKeyPem).toBe(b.publicKeyPem)
    expect(JSON.parse((await stored())!).publicPem).toBe(a.publicKeyPem)
  })

  it('an instance that ran alone before offers the pair in its DATA_DIR', async () => {
    const dir = dataDir()
    const alone = await loadRsaKeys({ dialect: 'sqlite' } as Db, dir)
    const shared = await loadRsaKeys(pgApp.db, dir)
    expect(shared.publicKeyPem).toBe(alone.publicKeyPem)
    expect(JSON.parse((await stored())!).publicPem).toBe(alone.publicKeyPem)
    expect(roundTrip(shared, alone.publicKeyPem)).toBe('abcdefg')
    // a pair already stored wins over the one a later instance has in its directory
    const later = dataDir()
    await loadRsaKeys({ dialect: 'sqlite' } as Db, later)
    expect((await loadRsaKeys(pgApp.db, later)).publicKeyPem).toBe(alone.publicKeyPem)
  })

  it('half a pair in DATA_DIR is not offered: a new pair is made', async () => {
    const dir = dataDir()
    const alone = await loadRsaKeys({ dialect: 'sqlite' } as Db, dir)
    fs.rmSync(path.join(dir, 'rsa-public.pem'))
    const shared = await loadRsaKeys(pgApp.db, dir)
    expect(shared.publicKeyPem).not.toBe(alone.publicKeyPem)
    expect(JSON.parse((await stored())!).publicPem).toBe(shared.publicKeyPem)
  })
})

import { generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import forge from 'node-forge'
import type { Db } from '../../db/open.ts'

/** Compatibility encryption of SPEC §7: 1024-bit RSA, 117-byte plain / 128-byte cipher blocks. */
export const rsaCipherBlock = 128

export type RsaKeys = { publicKeyPem: string; decrypt: (base64: string) => string }

type Pems = { privatePem: string; publicPem: string }

const metaKey = 'rsa_key_pair'

function generatePems(): Pems {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  })
  return { privatePem: privateKey, publicPem: publicKey }
}

const files = (dataDir: string) => ({
  priv: path.join(dataDir, 'rsa-private.pem'),
  pub: path.join(dataDir, 'rsa-public.pem'),
})

/** The pair in DATA_DIR (embedded database), generated at first start. */
function filePems(dataDir: string): Pems {
  const f = files(dataDir)
  if (!fs.existsSync(f.priv) || !fs.existsSync(f.pub)) {
    const p = generatePems()
    fs.writeFileSync(f.priv, p.privatePem, { mode: 0o600 })
    fs.writeFileSync(f.pub, p.publicPem)
  }
  return { privatePem: fs.readFileSync(f.priv, 'utf8'), publicPem: fs.readFileSync(f.pub, 'utf8') }
}

/**
 * The pair every instance on one PostgreSQL database shares (app_meta `rsa_key_pair`). The
 * first instance inserts it with ON CONFLICT DO NOTHING and every instance reads back the
 * stored row, so instances starting together agree on one pair. A pair already in DATA_DIR
 * (an instance that ran alone before) is the one offered.
 */
async function sharedPems(db: Db, dataDir: string): Promise<Pems> {
  const read = async () =>
    (await db.db.selectFrom('app_meta').select('value').where('key', '=', metaKey).executeTakeFirst())?.value
  const stored = await read()
  if (stored) return JSON.parse(stored) as Pems
  const f = files(dataDir)
  const offered =
    fs.existsSync(f.priv) && fs.existsSync(f.pub)
      ? { privatePem: fs.readFileSync(f.priv, 'utf8'), publicPem: fs.readFileSync(f.pub, 'utf8') }
      : generatePems()
  await db.db
    .insertInto('app_meta')
    .values({ key: metaKey, value: JSON.stringify(offered) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  return JSON.parse((await read())!) as Pems
}

/** Loads the key pair: shared in PostgreSQL, in DATA_DIR with the embedded database. */
export async function loadRsaKeys(db: Db, dataDir: string): Promise<RsaKeys> {
  const pems = db.dialect === 'postgres' ? await sharedPems(db, dataDir) : filePems(dataDir)
  const priv = forge.pki.privateKeyFromPem(pems.privatePem)
  return {
    publicKeyPem: pems.publicPem,
    /** Decrypts concatenated 128-byte PKCS#1 v1.5 blocks; throws on anything malformed. */
    decrypt(base64: string) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('not base64')
      const bytes = forge.util.decode64(base64)
      if (bytes.length === 0 || bytes.length % rsaCipherBlock !== 0) throw new Error('bad length')
      let plain = ''
      for (let i = 0; i < bytes.length; i += rsaCipherBlock) {
        plain += priv.decrypt(bytes.slice(i, i + rsaCipherBlock), 'RSAES-PKCS1-V1_5')
      }
      return forge.util.decodeUtf8(plain)
    },
  }
}

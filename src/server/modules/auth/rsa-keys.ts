import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Db } from '../../db/open.ts'
import { decryptBlocks, signInMaxBlocks } from './rsa-decrypt.ts'

export { rsaCipherBlock } from './rsa-decrypt.ts'

export type RsaKeys = {
  publicKeyPem: string
  /** decrypts at most `maxBlocks` cipher blocks (default: what a sign-in needs); throws when malformed */
  decrypt: (base64: string, maxBlocks?: number) => string
}

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
    (
      await db.db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', metaKey)
        .executeTakeFirst()
    )?.value
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
  const priv = createPrivateKey(pems.privatePem)
  return {
    publicKeyPem: pems.publicPem,
    decrypt: (base64, maxBlocks = signInMaxBlocks) => decryptBlocks(priv, base64, maxBlocks),
  }
}

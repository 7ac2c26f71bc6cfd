import fs from 'node:fs'
import path from 'node:path'
import webPush from 'web-push'
import type { Db } from '../../db/open.ts'

/** The VAPID key pair (RFC 8292), base64url as `web-push` takes them. */
export type VapidKeys = { publicKey: string; privateKey: string }

const metaKey = 'vapid_key_pair'
const fileName = 'vapid-keys.json'

const generate = (): VapidKeys => webPush.generateVAPIDKeys()

const readFile = (file: string): VapidKeys | undefined =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys) : undefined

/** The pair in DATA_DIR (embedded database), generated at first start. */
function fileKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, fileName)
  const found = readFile(file)
  if (found) return found
  const keys = generate()
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 })
  return keys
}

/**
 * The pair every instance on one PostgreSQL database shares (app_meta `vapid_key_pair`), as the
 * RSA pair is kept (rsa-keys.ts): the first instance inserts it with ON CONFLICT DO NOTHING and
 * every instance reads back the stored row, so instances starting together agree on one pair.
 */
async function sharedKeys(db: Db, dataDir: string): Promise<VapidKeys> {
  const read = async () =>
    (
      await db.db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', metaKey)
        .executeTakeFirst()
    )?.value
  const stored = await read()
  if (stored) return JSON.parse(stored) as VapidKeys
  const offered = readFile(path.join(dataDir, fileName)) ?? generate()
  await db.db
    .insertInto('app_meta')
    .values({ key: metaKey, value: JSON.stringify(offered) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  return JSON.parse((await read())!) as VapidKeys
}

/** Loads (or makes, once) the VAPID keys: shared in PostgreSQL, in DATA_DIR with the embedded database. */
export async function loadVapidKeys(db: Db, dataDir: string): Promise<VapidKeys> {
  return db.dialect === 'postgres' ? sharedKeys(db, dataDir) : fileKeys(dataDir)
}

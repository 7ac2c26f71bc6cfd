import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Config } from '../../config.ts'
import type { Database } from '../schema.ts'

/**
 * The generated first-start passwords are printed once in the seeding instance's log and also
 * written once to this file in its DATA_DIR (mode 0600; never into the shared database). With
 * several instances on one database only one seeds: app_meta `first_start` says which one (host,
 * DATA_DIR, port) and where the file is, and every instance's start-up summary repeats it.
 */
export const firstStartFileName = 'first-start-passwords.txt'
const metaKey = 'first_start'

type FirstStart = { host: string; dataDir: string; port: number; at: string; file: string }

/** Writes the file (0600 whatever the umask) and notes who seeded; inside the seeding transaction. */
export async function recordFirstStart(
  trx: Kysely<Database>,
  config: Pick<Config, 'dataDir' | 'port'>,
  lines: string[],
): Promise<string> {
  const file = path.join(config.dataDir, firstStartFileName)
  const note: FirstStart = {
    host: os.hostname(),
    dataDir: config.dataDir,
    port: config.port,
    at: new Date().toISOString(),
    file,
  }
  await trx
    .insertInto('app_meta')
    .values({ key: metaKey, value: JSON.stringify(note) })
    .execute()
  const text = [
    `Forgeline ${note.at}: accounts created with generated passwords by ${note.host} (port ${note.port}).`,
    'Each must be changed at its first sign-in. Delete this file once they are.',
    ...lines.map((l) => l.trim()),
    '',
  ].join('\n')
  fs.writeFileSync(file, text, { mode: 0o600 })
  fs.chmodSync(file, 0o600)
  return file
}

/** The summary line of every instance: which instance seeded with generated passwords and where they are. */
export async function firstStartNote(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', metaKey)
    .executeTakeFirst()
  if (!row) return null
  const n = JSON.parse(row.value) as FirstStart
  return `First start: the accounts were created on ${n.at} by the instance on ${n.host} (port ${n.port}, DATA_DIR ${n.dataDir}); its generated passwords are in ${n.file} on that machine (mode 0600)`
}

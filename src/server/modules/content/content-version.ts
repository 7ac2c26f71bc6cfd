import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

const key = 'content-version'

/**
 * The public content's version stamp: every content save changes it in its own
 * transaction, and `Content/Version` hands it out, so a visitor's client drops its persisted
 * copy of the public reads (and the worker's) when the stamp it saw last is not current.
 */
export async function bumpContentVersion(db: Kysely<Database>): Promise<void> {
  const value = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
}

/** The current stamp; '0' before the first save. */
export async function readContentVersion(db: Kysely<Database>): Promise<string> {
  const r = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst()
  return r?.value ?? '0'
}

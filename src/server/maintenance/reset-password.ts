import fs from 'node:fs'
import path from 'node:path'
import { newPasswordMin } from '#shared/contract/auth'
import type { Config } from '../config.ts'
import { acquireLock, LockedError } from '../db/lock.ts'
import { openPostgres, openSqlite, sqliteFileName, type Db } from '../db/open.ts'
import { hashPassword } from '../modules/auth/passwords.ts'

/** A refusal with the line to print and the exit code (2: bad usage, 1: cannot do it). */
export class ResetRefused extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message)
    this.name = 'ResetRefused'
  }
}

export const passwordMax = 200

/** Why a password cannot be used, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < newPasswordMin || password.length > passwordMax)
    return `The new password must be ${newPasswordMin} to ${passwordMax} characters long (it has ${password.length}).`
  return null
}

/** The configured database, as the server opens it. SQLite: only while no server holds DATA_DIR. */
async function openConfigured(config: Config): Promise<{ db: Db; release: () => void }> {
  if (config.databaseUrl) {
    try {
      return { db: await openPostgres(config.databaseUrl), release: () => {} }
    } catch (e) {
      const u = new URL(config.databaseUrl)
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message
      throw new ResetRefused(
        `Cannot connect to PostgreSQL at ${u.hostname}:${u.port || 5432} (${why}).`,
        1,
      )
    }
  }
  if (!fs.existsSync(path.join(config.dataDir, sqliteFileName))) {
    throw new ResetRefused(
      `There is no Forgeline database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) as the server has it, or start Forgeline once first.`,
      1,
    )
  }
  let release: () => void
  try {
    release = acquireLock(config.dataDir)
  } catch (e) {
    // the running server keeps accounts and sessions in memory (READ_CACHE): change them while it is stopped
    if (e instanceof LockedError)
      throw new ResetRefused(
        `${e.message}. Stop the server, reset the password, then start it again.`,
        1,
      )
    throw e
  }
  try {
    return { db: await openSqlite(config.dataDir, { readCache: false }), release }
  } catch (e) {
    release()
    throw e
  }
}

/**
 * Sets a new password for `login` on the configured database (`npm run
 * reset-password`): the account must change it at its next sign-in and its sessions end.
 */
export async function resetPassword(
  config: Config,
  login: string,
  password: string,
): Promise<void> {
  const problem = passwordProblem(password)
  if (problem) throw new ResetRefused(problem, 2)
  const { db, release } = await openConfigured(config)
  try {
    const users = await db.db
      .selectFrom('users')
      .select(['id', 'login_name'])
      .execute()
      .catch(() => {
        throw new ResetRefused(
          'The database has no accounts yet: start Forgeline once, then reset.',
          1,
        )
      })
    const user = users.find((u) => u.login_name === login)
    if (!user) {
      const known = users.slice(0, 10).map((u) => u.login_name)
      const more = users.length > known.length ? ', …' : ''
      throw new ResetRefused(
        `There is no account "${login}". Accounts: ${known.join(', ')}${more}.`,
        1,
      )
    }
    const hash = await hashPassword(password)
    await db.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: hash, must_change_password: 1 })
        .where('id', '=', user.id)
        .execute()
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date().toISOString() })
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute()
    })
  } finally {
    await db.close().catch(() => {})
    release()
  }
}

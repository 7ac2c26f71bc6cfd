import type { FastifyInstance } from 'fastify'
import { Code } from '#shared/contract/codes'
import { t } from '../i18n.ts'
import { sendTo, type Hub } from './hub.ts'
import { closeUnauthorized } from './ws-route.ts'

/** Terminates sockets that did not answer the previous ws ping, and pings the rest. */
export function pingSweep(hub: Hub): void {
  for (const client of hub.clients()) {
    if (!client.alive) {
      client.socket.terminate()
      hub.remove(client)
      continue
    }
    client.alive = false
    client.socket.ping()
  }
}

/**
 * Closes (4401, after an `unauthorized` error message) every signed-in socket whose session ended:
 * its family was revoked (logout, password change, a reset by an administrator), its refresh
 * lifetime ran out (expiry), or its user was banned. One query per 500 families, not per socket.
 */
export async function sessionSweep(app: FastifyInstance, hub: Hub): Promise<void> {
  const families = new Set<string>()
  for (const client of hub.clients())
    if (client.familyId !== undefined) families.add(client.familyId)
  if (families.size === 0) return
  const ids = [...families]
  const valid = new Set<string>()
  const now = new Date().toISOString()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await app.deps.db.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.family_id')
      .distinct()
      .where('sessions.family_id', 'in', ids.slice(i, i + 500))
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.refresh_expires_at', '>', now)
      .where('users.ban', '=', 0)
      .execute()
    for (const r of rows) valid.add(r.family_id)
  }
  for (const client of hub.clients()) {
    // only families this sweep checked: a socket signed in meanwhile waits for the next sweep
    if (
      client.familyId === undefined ||
      !families.has(client.familyId) ||
      valid.has(client.familyId)
    )
      continue
    sendTo(client, { type: 'error', code: Code.unauthorized, msg: t('unauthorized', client.lang) })
    client.socket.close(closeUnauthorized, 'session ended')
  }
}

/** One periodic sweep: pings, then the session check. */
export async function sweep(app: FastifyInstance, hub: Hub): Promise<void> {
  pingSweep(hub)
  await sessionSweep(app, hub)
}

/**
 * Session checks that never overlap: a request made while one runs is served by one more run
 * right after it, so a flood of logouts costs at most two checks at a time.
 */
export function sessionChecker(app: FastifyInstance, hub: Hub) {
  let running: Promise<void> | undefined
  let again = false
  const run = (): Promise<void> => {
    running = sessionSweep(app, hub)
      .catch((err: unknown) => app.log.warn({ err }, 'realtime: session check failed'))
      .then(() => {
        running = undefined
        if (again) {
          again = false
          return run()
        }
      })
    return running
  }
  return (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    return run()
  }
}

/** Runs the ping sweep and the session check every interval (30 s in production). */
export function startLiveness(
  app: FastifyInstance,
  hub: Hub,
  intervalMs: number,
  checkSessions: () => Promise<void>,
): () => void {
  const timer = setInterval(() => {
    pingSweep(hub)
    void checkSessions()
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}

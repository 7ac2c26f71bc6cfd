import type { FastifyInstance } from 'fastify'
import { Code } from '#shared/contract/codes'
import { t } from '../i18n.ts'
import { sendTo, type Hub } from './hub.ts'
import { closeUnauthorized } from './ws-route.ts'

/**
 * One sweep: terminates sockets that did not answer the previous ws ping, pings the rest,
 * and closes signed-in sockets whose session was revoked (logout, password change) or whose
 * user was banned since they connected - one query per sweep, not per socket.
 */
export async function sweep(app: FastifyInstance, hub: Hub): Promise<void> {
  const sessions = new Set<number>()
  for (const client of hub.clients()) {
    if (!client.alive) {
      client.socket.terminate()
      hub.remove(client)
      continue
    }
    client.alive = false
    client.socket.ping()
    if (client.sessionId !== undefined) sessions.add(client.sessionId)
  }
  if (sessions.size === 0) return
  const ids = [...sessions]
  const valid = new Set<number>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await app.deps.db.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('sessions.id', 'in', ids.slice(i, i + 500))
      .where('sessions.revoked_at', 'is', null)
      .where('users.ban', '=', 0)
      .execute()
    for (const r of rows) valid.add(r.id)
  }
  for (const client of hub.clients()) {
    // only sessions this sweep checked: a socket signed in meanwhile waits for the next sweep
    if (
      client.sessionId === undefined ||
      !sessions.has(client.sessionId) ||
      valid.has(client.sessionId)
    )
      continue
    sendTo(client, { type: 'error', code: Code.unauthorized, msg: t('unauthorized', client.lang) })
    client.socket.close(closeUnauthorized, 'unauthorized')
  }
}

/** Runs `sweep` every interval (30 s in production), never two at once. */
export function startLiveness(app: FastifyInstance, hub: Hub, intervalMs: number): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    sweep(app, hub)
      .catch((err: unknown) => app.log.warn({ err }, 'realtime: liveness sweep failed'))
      .finally(() => (running = false))
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}

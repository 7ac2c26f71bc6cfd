import type { FastifyRequest } from 'fastify'
import { writeLog } from './log-repository.ts'

/**
 * Writes a refused action (a hidden grid button's save, delete, audit, import or export) to the
 * operation log, after its transaction was rolled back: `PostCommon SaveOrder (delete)`,
 * `POST /api/Order/Export (export)`, result `permission denied`. Never throws.
 */
export function logDenied(req: FastifyRequest, action: string): void {
  const db = req.server.deps?.db?.db
  if (!db) return
  const body = req.body as { postUrl?: unknown } | undefined
  const what =
    typeof body?.postUrl === 'string'
      ? `PostCommon ${body.postUrl}`
      : `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`
  void writeLog(db, {
    account: req.user?.loginName ?? '',
    operation: `${what} (${action})`.slice(0, 200),
    logType: 'system',
    result: 'permission denied',
    ip: req.ip,
  }).catch(() => undefined)
}

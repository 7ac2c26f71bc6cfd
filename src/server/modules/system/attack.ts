import type { FastifyRequest } from 'fastify'
import { writeLog } from './log-repository.ts'

/** Tell-tale signs of injection, traversal and script attempts in submitted text. */
const patterns = [
  /<\s*\/?\s*script/i,
  /javascript\s*:/i,
  /<[^>]+\son[a-z]+\s*=/i,
  /\bunion\b[\s\S]{0,40}\bselect\b/i,
  /'\s*(or|and)\s+'?\w*'?\s*=\s*'?\w*/i,
  /;\s*(drop|delete|truncate|alter)\s+\w/i,
  /(\.\.[/\\]){2,}/,
  /\$\{\s*jndi\s*:/i,
]

/** Whether any text in a request value (body, query) looks like an attack. */
export function looksLikeAttack(value: unknown): boolean {
  let budget = 2000
  const walk = (v: unknown, depth: number): boolean => {
    if (budget-- <= 0 || depth > 6) return false
    if (typeof v === 'string') return patterns.some((p) => p.test(v))
    if (Array.isArray(v)) return v.some((x) => walk(x, depth + 1))
    if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => walk(k, depth + 1) || walk(x, depth + 1))
    return false
  }
  return walk(value, 0)
}

/**
 * Logs a refused request (the error handler calls it): `attack` when its input looks like one,
 * `interface exception` for a failure of the server. Never throws.
 */
export function logRefusal(req: FastifyRequest, kind: 'rejected' | 'exception'): void {
  const attack = kind === 'rejected' && (looksLikeAttack(req.body) || looksLikeAttack(req.query))
  if (kind === 'rejected' && !attack) return
  const db = req.server.deps?.db?.db
  if (!db) return
  void writeLog(db, {
    account: req.user?.loginName ?? '',
    operation: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`.slice(0, 200),
    logType: 'system',
    result: attack ? 'attack' : 'interface exception',
    ip: req.ip,
  })
}

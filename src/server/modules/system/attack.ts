import type { FastifyRequest } from 'fastify'
import { writeLog } from './log-repository.ts'

/** Most characters of one string that are looked at, and of a whole request. */
export const attackScanLimits = { perString: 4096, perRequest: 64 * 1024, values: 2000, depth: 6 }

const isWord = (c: string | undefined) => c !== undefined && /^\w$/.test(c)
const isLetter = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z'

/** Lower case, backslashes as slashes, every run of white space as one space (one pass). */
function normalize(text: string): string {
  let out = ''
  let space = false
  for (const ch of text.toLowerCase()) {
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v') {
      if (!space) out += ' '
      space = true
      continue
    }
    space = false
    out += ch === '\\' ? '/' : ch
  }
  return out
}

const any = (s: string, needles: string[]) => needles.some((n) => s.includes(n))

/** `<tag ... onclick=`: an event handler attribute inside a tag. */
function eventHandler(s: string): boolean {
  let inTag = false
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (c === '<') inTag = true
    else if (c === '>') inTag = false
    else if (inTag && c === ' ' && s[i + 1] === 'o' && s[i + 2] === 'n' && isLetter(s[i + 3])) {
      let j = i + 3
      while (isLetter(s[j])) j++
      if (s[j] === ' ') j++
      if (s[j] === '=') return true
      i = j - 1
    }
  }
  return false
}

/** `union ... select` within 40 characters, as whole words. */
function unionSelect(s: string): boolean {
  for (let i = s.indexOf('union'); i >= 0; i = s.indexOf('union', i + 1)) {
    if (isWord(s[i - 1]) || isWord(s[i + 5])) continue
    const window = s.slice(i + 5, i + 5 + 40 + 6)
    for (let j = window.indexOf('select'); j >= 0; j = window.indexOf('select', j + 1)) {
      if (j <= 40 && !isWord(window[j - 1]) && !isWord(window[j + 6])) return true
    }
  }
  return false
}

/** `' or x=` / `' and 'a'='a`: a quote closing a value, then a condition. */
function quotedCondition(s: string): boolean {
  for (let i = s.indexOf("'"); i >= 0; i = s.indexOf("'", i + 1)) {
    let j = i + 1
    if (s[j] === ' ') j++
    if (s.startsWith('or', j)) j += 2
    else if (s.startsWith('and', j)) j += 3
    else continue
    if (s[j] !== ' ') continue
    j++
    if (s[j] === "'") j++
    while (isWord(s[j])) j++
    if (s[j] === "'") j++
    if (s[j] === ' ') j++
    if (s[j] === '=') return true
  }
  return false
}

/** `; drop table`: a statement that destroys data after a semicolon. */
function destructiveStatement(s: string): boolean {
  for (let i = s.indexOf(';'); i >= 0; i = s.indexOf(';', i + 1)) {
    let j = i + 1
    if (s[j] === ' ') j++
    const word = ['drop', 'delete', 'truncate', 'alter'].find((w) => s.startsWith(w, j))
    if (!word) continue
    j += word.length
    if (s[j] === ' ' && isWord(s[j + 1])) return true
  }
  return false
}

/**
 * Tell-tale signs of script, injection, traversal and JNDI attempts in one (normalized) text.
 * Every check is a single pass or a bounded window per position: linear in the text's length.
 */
function suspicious(s: string): boolean {
  return (
    any(s, ['<script', '< script', '</script', '< /script', '</ script', '< / script']) ||
    any(s, ['javascript:', 'javascript :']) ||
    any(s, ['${jndi:', '${ jndi:', '${jndi :', '${ jndi :']) ||
    s.includes('../../') ||
    eventHandler(s) ||
    unionSelect(s) ||
    quotedCondition(s) ||
    destructiveStatement(s)
  )
}

/**
 * Whether any text in a request value (body, query) looks like an attack. Bounded work
 * whatever the input: the first `perString` characters of each string, at most `perRequest`
 * characters and `values` values in all, `depth` levels deep.
 */
export function looksLikeAttack(value: unknown, limits = attackScanLimits): boolean {
  let values = limits.values
  let chars = limits.perRequest
  const walk = (v: unknown, depth: number): boolean => {
    if (values-- <= 0 || chars <= 0 || depth > limits.depth) return false
    if (typeof v === 'string') {
      const text = v.slice(0, Math.min(limits.perString, chars))
      chars -= text.length
      return suspicious(normalize(text))
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length && values > 0; i++) if (walk(v[i], depth + 1)) return true
      return false
    }
    if (v && typeof v === 'object') {
      for (const k in v) {
        if (values <= 0) return false
        if (!Object.hasOwn(v, k)) continue
        if (walk(k, depth + 1) || walk((v as Record<string, unknown>)[k], depth + 1)) return true
      }
    }
    return false
  }
  return walk(value, 0)
}

/**
 * Logs a refused request (the error handler calls it): `attack` when its input looks like one,
 * `interface exception` for a failure of the server. Never throws.
 */
export function logRefusal(req: FastifyRequest, kind: 'rejected' | 'exception'): void {
  let attack = false
  try {
    attack = kind === 'rejected' && (looksLikeAttack(req.body) || looksLikeAttack(req.query))
  } catch {
    attack = false
  }
  if (kind === 'rejected' && !attack) return
  const db = req.server.deps?.db?.db
  if (!db) return
  void writeLog(db, {
    account: req.user?.loginName ?? '',
    operation: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`.slice(0, 200),
    logType: 'system',
    result: attack ? 'attack' : 'interface exception',
    ip: req.ip,
  }).catch(() => undefined)
}

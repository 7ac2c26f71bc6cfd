import { createHash } from 'node:crypto'
import type pg from 'pg'
import { boundClient, hasTimedOut } from './query-bounds.ts'

/** Most statements prepared on one connection (dynamic SQL past it runs unnamed). */
const perConnection = 200
/** Most SQL texts remembered (times seen, name); the oldest are forgotten past it. */
const textsKept = 2000

/** SQL text -> how often it was seen and its statement name once it repeated. */
const texts = new Map<string, { seen: number; name?: string }>()

/**
 * A SELECT whose result columns are fixed by its text (no `*`: a column added by a migration on
 * another instance would fail a prepared `select *` with "cached plan must not change result type").
 */
const preparable = (text: string) =>
  /^\s*(select|with)\b/i.test(text) && !/(select|,)\s+\*|"\.\*/i.test(text)

/**
 * The statement name of a SQL text from its second use on (a hash of the text, so the same
 * text has the same name on every connection), or undefined: not a repeated plain SELECT.
 */
export function statementName(text: string): string | undefined {
  let entry = texts.get(text)
  if (!entry) {
    if (!preparable(text)) return undefined
    if (texts.size >= textsKept) texts.delete(texts.keys().next().value!)
    entry = { seen: 0 }
    texts.set(text, entry)
  }
  entry.seen++
  if (entry.seen < 2) return undefined
  entry.name ??= `f_${createHash('sha1').update(text).digest('base64url')}`
  return entry.name
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown

/**
 * Makes a pooled client prepare the repeated SELECTs it runs (pg's named queries: parsed and
 * planned once per connection, then only bound and executed). pg keeps the names per
 * connection, so a statement is prepared on each connection that runs it; at most
 * `perConnection` names per connection. A "cached plan must not change result type" error
 * (a table changed shape under a prepared statement) renames the connection's statements.
 */
function prepareOn(client: pg.PoolClient) {
  const query = client.query.bind(client) as Query
  const mine = new Set<string>()
  let salt = 0
  ;(client as unknown as { query: Query }).query = (config, values, callback) => {
    if (typeof config !== 'string' || callback !== undefined || !Array.isArray(values))
      return query(config, values, callback)
    const base = statementName(config)
    if (!base) return query(config, values)
    const name = salt ? `${base}_${salt}` : base
    if (!mine.has(name)) {
      if (mine.size >= perConnection) return query(config, values)
      mine.add(name)
    }
    return (query({ name, text: config, values }) as Promise<unknown>).catch((err: unknown) => {
      if ((err as { code?: string }).code === '0A000') {
        salt++
        mine.clear()
      }
      throw err
    })
  }
}

/**
 * The pool as Kysely's PostgresDialect sees it, with every client preparing its repeated
 * SELECTs and every query bounded by `queryMs` (query-bounds.ts; 0: unbounded). A client whose
 * query timed out is released with an error, which makes the pool destroy it rather than keep
 * it (pg-pool: `release(err)`).
 */
export function preparingPool(pool: pg.Pool, queryMs = 0) {
  const patched = new WeakSet<pg.PoolClient>()
  return {
    async connect() {
      const client = await pool.connect()
      if (!patched.has(client)) {
        prepareOn(client)
        boundClient(client, queryMs)
        patched.add(client)
      }
      const release = client.release
      client.release = (err?: Error | boolean) =>
        release(err ?? (hasTimedOut(client) ? new Error('query timed out') : undefined))
      return client
    },
    end: () => pool.end(),
  }
}

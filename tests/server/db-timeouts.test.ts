import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config'
import { unboundedDatabaseTimeouts } from '#server/config-database'
import { isDbUnreachable } from '#server/db/faults'
import { pgPoolOptions } from '#server/db/pg-options'
import { preparingPool } from '#server/db/prepared-pool'
import { QueryTimeout, unboundedQueries } from '#server/db/query-bounds'

/**
 * The bounds of every PostgreSQL round trip (a host that hangs must not hang the server):
 * the settings, the pool's options built from them, and a pooled client whose query gets no
 * answer (rejected as unreachable, its connection destroyed, released with an error so the
 * pool never hands it out again). The hang itself, on PostgreSQL: db-hang.test.ts.
 */
describe('the PostgreSQL time bounds', () => {
  it('default to 10 s a query and 5 s a connection, and are set in the pool options', () => {
    const config = loadConfig({})
    expect(config.databaseTimeouts).toEqual({ queryMs: 10_000, connectMs: 5_000 })
    const o = pgPoolOptions('postgres://u@h/db', 10, config.databaseTimeouts)
    expect(o).toMatchObject({
      max: 10,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      statement_timeout: 10_000,
      idle_in_transaction_session_timeout: 60_000,
    })
    expect(o.keepAliveInitialDelayMillis).toBeGreaterThan(0)
    expect(o.options).toMatch(/-c tcp_keepalives_idle=\d+ /)
  })

  it('follow DATABASE_QUERY_TIMEOUT_SECONDS and DATABASE_CONNECT_TIMEOUT_SECONDS', () => {
    const config = loadConfig({
      DATABASE_QUERY_TIMEOUT_SECONDS: '45',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '3',
    })
    expect(pgPoolOptions('postgres://u@h/db', 4, config.databaseTimeouts)).toMatchObject({
      connectionTimeoutMillis: 3_000,
      statement_timeout: 45_000,
      idle_in_transaction_session_timeout: 90_000,
    })
  })

  it('are lifted on the server side too for a large fill (seed:large): no statement bound', () => {
    const o = pgPoolOptions('postgres://u@h/db', 1, unboundedDatabaseTimeouts)
    expect(o).toMatchObject({ statement_timeout: 0, idle_in_transaction_session_timeout: 0 })
    expect(o.connectionTimeoutMillis).toBeGreaterThan(0)
  })

  it.each([
    ['DATABASE_QUERY_TIMEOUT_SECONDS', '0', 'must be at least 1'],
    ['DATABASE_QUERY_TIMEOUT_SECONDS', '10s', 'must be a whole number of seconds from 1 to 600'],
    ['DATABASE_QUERY_TIMEOUT_SECONDS', '601', 'must be at most 600'],
    ['DATABASE_CONNECT_TIMEOUT_SECONDS', '-1', 'must be a whole number of seconds from 1 to 120'],
  ])('refuses %s=%s at start with a clear message', (name, value, reason) => {
    let error: unknown
    try {
      loadConfig({ [name]: value })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toBe(
      `Invalid configuration: ${name} ${reason} (got "${value}")`,
    )
  })
})

/** A pooled client whose server never answers (the promise of every query stays pending). */
function silentPool() {
  const released: unknown[] = []
  let destroyed = 0
  let answerAfterMs: number | undefined
  const client = {
    connection: { stream: { destroy: () => void destroyed++ } },
    query: () =>
      new Promise((resolve) => {
        if (answerAfterMs !== undefined) setTimeout(() => resolve({ rows: [] }), answerAfterMs)
      }),
    release: (err?: unknown) => void released.push(err),
  }
  const pool = {
    connect: async () => {
      client.release = (err?: unknown) => void released.push(err)
      return client
    },
    end: async () => {},
  } as unknown as pg.Pool
  return {
    pool,
    released,
    destroyed: () => destroyed,
    answerAfter: (ms: number) => void (answerAfterMs = ms),
  }
}

describe('a pooled client whose query gets no answer', () => {
  it('rejects as unreachable, destroys the connection, and is released with an error', async () => {
    const silent = silentPool()
    const client = await preparingPool(silent.pool, 50).connect()
    const error = await client.query('update t set a = $1', [1]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(QueryTimeout)
    expect(isDbUnreachable(error)).toBe(true)
    expect(silent.destroyed()).toBe(1)
    client.release()
    expect(silent.released).toHaveLength(1)
    expect(silent.released[0]).toBeInstanceOf(Error)
  })

  it('is returned to the pool as usual when its queries answer', async () => {
    const silent = silentPool()
    silent.answerAfter(0)
    const client = await preparingPool(silent.pool, 50).connect()
    await client.query('select 1', [])
    client.release()
    expect([silent.destroyed(), silent.released]).toEqual([0, [undefined]])
  })

  it('waits past the bound inside unboundedQueries (migrations)', async () => {
    const silent = silentPool()
    silent.answerAfter(150)
    const client = await preparingPool(silent.pool, 50).connect()
    await unboundedQueries(() => client.query('create index i on t (a)', []))
    expect(silent.destroyed()).toBe(0)
  })
})

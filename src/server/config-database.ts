import { z } from 'zod'

/**
 * PostgreSQL time bounds (docs/operations.md "A database host that hangs"): how long one round
 * trip to the database and one connection attempt may take before the call gives up and
 * answers 503. Kept apart from config.ts, which spreads `databaseEnvShape` into its schema and
 * calls `databaseTimeoutsOf`.
 */
const seconds = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number of seconds from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .default(fallback)

export const databaseEnvShape = {
  DATABASE_QUERY_TIMEOUT_SECONDS: seconds(1, 600, 10),
  DATABASE_CONNECT_TIMEOUT_SECONDS: seconds(1, 120, 5),
}

/** The bounds of every PostgreSQL round trip of the server (db/pg-options.ts applies them). */
export type DatabaseTimeouts = {
  /** one query's answer (client side; the server's statement_timeout is the same); 0: none */
  queryMs: number
  /** opening a connection, or waiting for a free one in a full pool */
  connectMs: number
}

/** The defaults (10 s a query, 5 s a connection), as without the variables. */
export const defaultDatabaseTimeouts: DatabaseTimeouts = { queryMs: 10_000, connectMs: 5_000 }

/**
 * No query bound (0), for operations a person starts and waits for (`npm run seed:large`):
 * a statement may take minutes there; connecting is still bounded.
 */
export const unboundedDatabaseTimeouts: DatabaseTimeouts = { queryMs: 0, connectMs: 30_000 }

type Env = z.output<z.ZodObject<typeof databaseEnvShape>>

export const databaseTimeoutsOf = (c: Env): DatabaseTimeouts => ({
  queryMs: c.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
  connectMs: c.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
})

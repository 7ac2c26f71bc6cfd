// A bare Fastify server for bench:growth's yardsticks, in its own process: `GET /bare` answers a
// fixed JSON, and with BARE_PG_URL `POST /pg-orders` runs the order list's own SQL (the page and
// its capped total, captured once from the app's query builder) through `pg`, no sign-in.
import Fastify from 'fastify'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { gridListBody } from '../../src/shared/contract/grid-fields.ts'
import { listGrid } from '../../src/server/modules/orders/grid-repository.ts'
import { orderKind } from '../../src/server/modules/orders/kinds.ts'
import type { Database } from '../../src/server/db/schema.ts'

const app = Fastify({ logger: false })
const fixed = JSON.stringify({ code: 200, msg: 'ok', data: { result: [], total: 0 } })
app.get('/bare', async (_req, reply) => reply.type('application/json').send(fixed))

const url = process.env.BARE_PG_URL
if (url) {
  pg.types.setTypeParser(20, (v: string) => Number(v))
  pg.types.setTypeParser(1700, (v: string) => Number(v))
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const statements: { sql: string; parameters: readonly unknown[] }[] = []
  const k = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (e) => {
      if (e.level === 'query') statements.push({ sql: e.query.sql, parameters: e.query.parameters })
    },
  })
  await listGrid(orderKind, k, gridListBody.parse({ pageIndex: 1, pageSize: 20 }))
  // the page and the capped total run at once, so they are logged in either order: the total
  // is the statement that counts (an earlier version answered the count and one row)
  const countAt = statements.findIndex((s) => /\bcount\(/i.test(s.sql))
  if (statements.length !== 2 || countAt < 0)
    throw new Error(`expected a page and a count, got ${statements.map((s) => s.sql).join('; ')}`)
  app.post('/pg-orders', async () => {
    const results = await Promise.all(
      statements.map((s) => pool.query(s.sql, s.parameters as unknown[])),
    )
    const page = results[1 - countAt]!
    const total = Number((results[countAt]!.rows[0] as { n: unknown }).n)
    return { code: 200, msg: 'ok', data: { result: page.rows, total } }
  })
}
await app.listen({ host: '127.0.0.1', port: 0 })
const address = app.server.address() as { port: number }
console.log(`listening on http://127.0.0.1:${address.port}`)
// a normal exit on SIGTERM, so that `--cpu-prof` (BENCH_NODE_ARGS) writes its profile
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))

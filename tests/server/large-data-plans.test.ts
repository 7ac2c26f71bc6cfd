import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/schema'
import { orderKind, purchaseKind } from '#server/modules/orders/kinds'
import { countCap } from '#server/db/count-cap'
import { listGrid, type GridListQuery } from '#server/modules/orders/grid-repository'
import { sortColumn, type GridKind } from '#server/modules/orders/grid-kind'
import { listLogs } from '#server/modules/system/log-query'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * On a data set large enough to make a wrong plan visible (20,000 orders, 40,000
 * purchases, 100,000 log lines, built in SQL in seconds), every statement of a grid page (first,
 * deep, filtered, searched, sorted by each sortable column) and of the log list reads an index:
 * no full scan and no sort of a whole large table. Runs on SQLite and on PostgreSQL
 * (TEST_DATABASE_URL).
 */
let t: TestApp

const orders = 20_000
const logs = 100_000

async function fill(db: Kysely<Database>) {
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(orders)})
    insert into orders (order_no, customer, part_name, quantity, unit_price, total_sum, price_sign, job_start_time,
      rough_forging, workshop, supervisor_material_qty, supervisor_price, audit_status, workshop_supervisor, remark, created_at)
    select 'LG-' || i, '客户 Customer ' || (i % 300), 'FL-CS-' || (i % 977) || ' 曲轴 crankshaft', i % 5000, (i % 700) * 1.5,
      (i % 5000) * (i % 700) * 1.5, '¥', '2026-01-01', i % 2, 1 + i % 2, i % 333, i % 17, (i % 3) - 1, '王' || (i % 40),
      case when i % 10 = 0 then '加急 urgent' else '' end, '2025-01-01T00:00:00.000Z'
    from n`.execute(db)
  await sql`insert into purchase (order_id, supplier, material, quantity, unit_price, total_sum, audit_status, created_at)
    select id, '江阴钢厂 ' || (id % 50), '42CrMo4 Φ' || (id % 150), id % 900, 6.1, (id % 900) * 6.1, (id % 3) - 1, created_at from orders
    union all
    select id, '无锡特钢 ' || (id % 70), 'C70S6 Φ' || (id % 120), id % 400, 5.5, (id % 400) * 5.5, 1, created_at from orders`.execute(
    db,
  )
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(logs)})
    insert into system_log (account, operation, log_type, result, ip, created_at)
    select 'user' || (i % 50), 'save order #' || i, case when i % 4 = 0 then 'system' else 'database' end,
      case when i % 9 = 0 then 'login failure' else 'success' end, '10.0.0.1',
      '2026-01-01T00:00:00.000Z'
    from n`.execute(db)
  await sql`analyze`.execute(db)
}

/** Runs `run` on a handle that keeps every statement it compiles. */
async function statementsOf(run: (db: Kysely<Database>) => Promise<unknown>) {
  const seen: CompiledQuery[] = []
  const db = t.db.db
  const spy: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      seen.push(db.getExecutor().compileQuery(node, queryId))
      return node
    },
    transformResult: async ({ result }) => result,
  }
  await run(db.withPlugin(spy))
  return seen
}

/** Runs `run` on a handle that keeps every compiled statement it runs (in order). */
async function executedBy(run: (db: Kysely<Database>) => Promise<unknown>) {
  const ran: CompiledQuery[] = []
  const db = t.db.db
  const spy = new Proxy(db, {
    get(target, p) {
      if (p === 'executeQuery')
        return (q: CompiledQuery) => {
          ran.push(q)
          return target.executeQuery(q)
        }
      const v: unknown = Reflect.get(target, p)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
  await run(spy)
  return ran
}

/** The plan of one statement as text lines. */
async function planOf(q: CompiledQuery): Promise<string[]> {
  if (t.db.dialect === 'sqlite') {
    const plan = await t.db.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    )
    return plan.rows.map((r) => r.detail)
  }
  const plan = await t.db.db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
  )
  return plan.rows.map((r) => r['QUERY PLAN'])
}

const large = ['orders', 't', 'o', 'purchase', 'system_log']

/** A page read by its ids: the outer statement sorts only those rows (one sort allowed). */
const pageByIds = (q: CompiledQuery) => /"id" in \(select/.test(q.sql)

/**
 * What a plan may not do: read a large table whole, or sort one. A count stops at its LIMIT
 * (the capped total), so a scan under it reads at most that many rows.
 */
async function expectIndexed(name: string, q: CompiledQuery) {
  const lines = await planOf(q)
  const text = `${name}: ${q.sql}\n${lines.join('\n')}`
  // a count stops at its LIMIT; a page in id order walks the primary key from one end
  const bounded =
    /\blimit\b/i.test(q.sql) &&
    (/count\(\*\)|select 1 as "one"/i.test(q.sql) ||
      /order by ("t"\.)?"id" (asc|desc) limit/i.test(q.sql))
  // a keyword is looked up in the FTS5 trigram table (SQLite) or a pg_trgm index, a keyword of
  // two characters in the index of two-character pieces (PostgreSQL may rightly walk the newest
  // rows instead when many match: a page in id order)
  if (
    /\b(match|like)\b|@>/i.test(q.sql) &&
    name.includes('keyword') &&
    (t.db.dialect === 'sqlite' || !bounded)
  )
    expect(lines.join('\n'), text).toMatch(
      t.db.dialect === 'sqlite' ? /VIRTUAL TABLE INDEX/ : /_trgm|_bigrams/,
    )
  if (t.db.dialect === 'sqlite') {
    // SCAN x without an index reads the table; a sort of the rows found is a TEMP B-TREE
    const fullScans = lines.filter((l) => new RegExp(`^SCAN (${large.join('|')})$`).test(l))
    if (!bounded) expect(fullScans, text).toEqual([])
    // a page read by its ids sorts those 20 rows (one sort); a keyword sorts what it matched
    const sorts = lines.filter((l) => /USE TEMP B-TREE FOR ORDER BY/.test(l))
    if (/VIRTUAL TABLE INDEX/.test(lines.join('\n'))) return
    expect(sorts.slice(pageByIds(q) ? 1 : 0), text).toEqual([])
  } else {
    const joined = lines.join('\n')
    if (!bounded)
      expect(joined, text).not.toMatch(new RegExp(`Seq Scan on (${large.join('|')})\\b`))
    // PostgreSQL sorts the few rows an equality found (an order's records, one account's lines)
    // rather than walk another index: no sort of more than 5,000 estimated rows (of 20,000+)
    const sorted = lines
      .flatMap(
        (l) => /(?<!Incremental )Sort\s+\(cost=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(l)?.slice(1) ?? [],
      )
      .map(Number)
    expect(
      sorted.filter((n) => n > 5_000),
      text,
    ).toEqual([])
  }
}

const page = (q: Partial<GridListQuery>): GridListQuery => ({ pageIndex: 1, pageSize: 20, ...q })

/** Every page a grid shows: first, deep, filtered by order, by audit state, searched, and each sort. */
function pagesOf(kind: GridKind, orderId: number): Record<string, GridListQuery> {
  const fields = [
    'Id',
    'AuditStatus',
    'CreateTimeString',
    'OrderNo',
    ...Object.keys(kind.fields),
    ...Object.keys(kind.computed ?? {}),
  ]
  const sorts = [...new Set(fields)].filter((f) => sortColumn(kind, f))
  return {
    first: page({}),
    deep: page({ pageIndex: 500 }),
    byOrder: page({ orderId }),
    byOrderNo: page({ orderNo: 'LG-777' }),
    passed: page({ auditStatus: 1 }),
    keyword: page({ keyword: 'Customer 12' }),
    keywordChinese: page({ keyword: '江阴钢厂' }),
    keywordOrderNo: page({ keyword: 'LG-1234' }),
    ...Object.fromEntries(
      sorts.flatMap((f) => [
        [`sort ${f}`, page({ sort: f })],
        [`sort ${f} desc deep`, page({ sort: `${f} desc`, pageIndex: 50 })],
      ]),
    ),
  }
}

describe('large data: grid pages and the log list read indexes', () => {
  beforeAll(async () => {
    // the fill's statements of thousands of rows may pass the app's 10 s query bound on a loaded run
    t = await createTestApp({ DATABASE_QUERY_TIMEOUT_SECONDS: '300' })
    await fill(t.db.db)
  }, 240_000)
  afterAll(async () => {
    await t?.close()
  })

  for (const kind of [orderKind, purchaseKind]) {
    it(`${kind.name} grid pages`, async () => {
      const some = await t.db.db
        .selectFrom('orders')
        .select('id')
        .where('order_no', '=', 'LG-1234')
        .executeTakeFirstOrThrow()
      for (const [name, q] of Object.entries(pagesOf(kind, some.id))) {
        const statements = await statementsOf((db) => listGrid(kind, db, q))
        expect(statements.length, name).toBeGreaterThan(0)
        for (const s of statements) await expectIndexed(`${kind.name} ${name}`, s)
      }
    }, 120_000)
  }

  it('a keyword finds what LIKE finds (the search index is kept in step by the writes)', async () => {
    await t.db.db
      .updateTable('orders')
      .set({ remark: '客户投诉 Wärmebehandlung' })
      .where('order_no', '=', 'LG-4321')
      .execute()
    const found = await listGrid(orderKind, t.db.db, page({ keyword: 'wärmebehandlung' }))
    expect(found.result.map((r) => r.OrderNo)).toEqual(['LG-4321'])
    const purchases = await listGrid(purchaseKind, t.db.db, page({ keyword: 'LG-4321' }))
    expect(purchases.total).toBe(2)
    await t.db.db
      .deleteFrom('purchase')
      .where(
        'order_id',
        'in',
        t.db.db.selectFrom('orders').select('id').where('order_no', '=', 'LG-4321'),
      )
      .execute()
    await t.db.db.deleteFrom('orders').where('order_no', '=', 'LG-4321').execute()
    expect((await listGrid(orderKind, t.db.db, page({ keyword: 'wärmebehandlung' }))).total).toBe(0)
  })

  it('a two-character keyword (most Chinese words) is read from the index, in any ASCII case', async () => {
    // totals: 'ur' and 'nt' (the end of the value) are in the remark of every tenth order
    // ('加急 urgent'), '王7' is a whole value (workshop supervisor), '急 ' spans a space
    const cases: [string, number][] = [
      ['UR', orders / 10],
      ['ur', orders / 10],
      ['Nt', orders / 10],
      ['加急', orders / 10],
      ['王7', orders / 40],
      ['急 ', orders / 10],
    ]
    for (const [keyword, total] of cases) {
      const statements = await statementsOf((db) => listGrid(orderKind, db, page({ keyword })))
      for (const s of statements) await expectIndexed(`keyword ${keyword}`, s)
      // PostgreSQL: pg_trgm takes no trigram from '%ab%'; the count (every match, up to the cap)
      // reads the index of two-character pieces, not every order
      if (t.db.dialect === 'postgres') {
        // no parallel workers (a process each) for a page or a capped count
        const workers = await sql`show max_parallel_workers_per_gather`.execute(t.db.db)
        expect(workers.rows).toEqual([{ max_parallel_workers_per_gather: '0' }])
        const count = statements.find((s) => /count\(\*\)/i.test(s.sql))!
        expect((await planOf(count)).join('\n'), keyword).toMatch(/_bigrams/)
      }
      const found = await listGrid(orderKind, t.db.db, page({ keyword, pageSize: 2 }))
      expect(found.total, keyword).toBe(Math.min(total, countCap))
      expect(found.totalCapped, keyword).toBe(total > countCap)
      expect(found.result, keyword).toHaveLength(2)
    }
    // the order number of a purchase: 'LG-1' ends in '-1' (and '-1…' starts a trigram)
    const purchases = await listGrid(purchaseKind, t.db.db, page({ keyword: '-1' }))
    expect(purchases).toMatchObject({ total: countCap, totalCapped: true })
    const none = await listGrid(orderKind, t.db.db, page({ keyword: 'qz' }))
    expect(none.total).toBe(0)
    if (t.db.dialect !== 'postgres') return
    // a keyword that matches few rows (here none) is counted first, then its page is read from
    // its matches (the index of pieces), not by walking the newest orders checking each one
    const [count, fewPage, ...more] = await executedBy((db) =>
      listGrid(orderKind, db, page({ keyword: 'qz' })),
    )
    expect(count!.sql).toMatch(/count\(\*\)/)
    expect(fewPage!.sql).toMatch(/t\.id \+ 0/)
    expect(more).toEqual([])
    expect((await planOf(fewPage!)).join('\n')).toMatch(/_bigrams/)
    // a common one is counted past the cap: its page walks the newest orders (20 found soon)
    const [, commonPage] = await executedBy((db) =>
      listGrid(orderKind, db, page({ keyword: 'ur' })),
    )
    expect(commonPage!.sql).not.toMatch(/t\.id \+ 0/)
    // one character: no LIKE that the trigram indexes would claim (a generic plan read all of them)
    const [oneChar] = await executedBy((db) => listGrid(orderKind, db, page({ keyword: 'U' })))
    expect(oneChar!.sql).toMatch(/strpos\(lower\("t"\."remark"\), \$\d+\) > 0/)
    expect(oneChar!.sql).not.toMatch(/\blike\b/)
  })

  it('a keyword alone, newest first, is read from the search index with no lookup per match', async () => {
    // the same pages by the general path (a sort given), which looks each match up in orders
    for (const keyword of ['加急', 'urgent', 'LG-12', '王7'])
      for (const pageIndex of [1, 3]) {
        const alone = await listGrid(orderKind, t.db.db, page({ keyword, pageIndex }))
        const general = await listGrid(
          orderKind,
          t.db.db,
          page({ keyword, pageIndex, sort: 'Id desc' }),
        )
        expect(alone, `${keyword} page ${pageIndex}`).toEqual(general)
        expect(alone.result.length, keyword).toBeGreaterThan(0)
      }
    if (t.db.dialect !== 'sqlite') return
    const [pageRead, counted] = await statementsOf((db) =>
      listGrid(orderKind, db, page({ keyword: '加急' })),
    )
    // the count reads the FTS table alone; the page looks up only its 20 ids
    expect((await planOf(counted!)).join('\n')).not.toMatch(/\bt\b|orders\b(?!_fts)/)
    expect(pageRead!.sql).toMatch(/order by rowid desc limit/)
  })

  it('a capped total with a real next page', async () => {
    const first = await listGrid(orderKind, t.db.db, page({}))
    expect(first).toMatchObject({ total: countCap, totalCapped: true })
    const all = Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const lastIndex = Math.ceil(all / 20)
    const [lastRead, ...noCount] = await executedBy((db) =>
      listGrid(orderKind, db, page({ pageIndex: lastIndex })),
    )
    const last = await listGrid(orderKind, t.db.db, page({ pageIndex: lastIndex }))
    expect(last.totalCapped).toBe(false)
    expect(last.total).toBe(all)
    expect(last.result).toHaveLength(all - (lastIndex - 1) * 20)
    // the last page, not full, ends the selection: its total needs no count
    expect(lastRead!.sql).toMatch(/offset/)
    expect(noCount).toEqual([])
    // a deep page by number counts on from its last row by key, not from the first row
    const deep = await executedBy((db) => listGrid(orderKind, db, page({ pageIndex: 300 })))
    expect(deep).toHaveLength(2)
    expect(deep[1]!.sql).toMatch(/\bt\.id < /)
    expect(deep[1]!.sql).not.toMatch(/offset/)
    expect(await listGrid(orderKind, t.db.db, page({ pageIndex: 300 }))).toMatchObject({
      total: 299 * 20 + countCap,
      totalCapped: true,
    })
    // past the end: counted from the start
    expect(await listGrid(orderKind, t.db.db, page({ pageIndex: lastIndex + 5 }))).toMatchObject({
      result: [],
      total: all,
      totalCapped: false,
    })
  })

  it('next and previous pages by cursor are the OFFSET pages, read by key (ties by id)', async () => {
    const walks: [GridKind, string | undefined, Partial<GridListQuery>][] = [
      [orderKind, undefined, {}],
      [orderKind, 'Customer', {}],
      [orderKind, 'Customer desc', { auditStatus: 1 }],
      [orderKind, 'CreateTimeString desc', {}],
      // about 730 rows match
      [orderKind, 'UnitPrice', { keyword: 'Customer 12' }],
      [purchaseKind, 'Supplier desc', {}],
      [purchaseKind, 'OrderNo', {}],
    ]
    for (const [kind, sort, filter] of walks) {
      const at = (pageIndex: number, more: Partial<GridListQuery> = {}) =>
        listGrid(kind, t.db.db, page({ ...filter, sort, pageIndex, pageSize: 7, ...more }))
      const name = `${kind.name} ${sort ?? 'Id desc'} ${JSON.stringify(filter)}`
      // from a deep page forwards, then back
      const from = filter.keyword ? 50 : 400
      let prev = await at(from)
      for (const pageIndex of [from + 1, from + 2, from + 3]) {
        const byKey = await at(pageIndex, { after: prev.pageKeys!.last })
        const byOffset = await at(pageIndex)
        expect(byKey.result, `${name} page ${pageIndex}`).toEqual(byOffset.result)
        // a Next page counts from its cursor: the same total
        expect([byKey.total, byKey.totalCapped], `${name} total ${pageIndex}`).toEqual([
          byOffset.total,
          byOffset.totalCapped,
        ])
        prev = byKey
      }
      for (const pageIndex of [from + 2, from + 1, from]) {
        const byKey = await at(pageIndex, { before: prev.pageKeys!.first })
        expect(byKey.result, `${name} back to ${pageIndex}`).toEqual((await at(pageIndex)).result)
        prev = byKey
      }
      expect(prev.result.length, name).toBeGreaterThan(0)
      // plans: not for a keyword (PostgreSQL may walk the sort index from the key, filtering)
      if ((kind === purchaseKind && sort === 'OrderNo') || filter.keyword) continue
      // the ids are read by key from the sort column's index: no OFFSET, no scan, no sort
      const statements = await statementsOf((db) =>
        listGrid(
          kind,
          db,
          page({ ...filter, sort, pageIndex: from + 1, after: prev.pageKeys!.last }),
        ),
      )
      const ids = statements.find((s) => /"id" in \(select/.test(s.sql))!
      expect(ids.sql, name).not.toMatch(/\boffset\b/i)
      for (const s of statements) await expectIndexed(`${name} by key`, s)
      const plan = (await planOf(ids)).join('\n')
      // SQLite walks the sort column's index from the key (then past its ties by id)
      const range = sort
        ? /SEARCH t USING (COVERING )?INDEX \w+_sort \(\w+[<>]\?\)/
        : /SEARCH t USING INTEGER PRIMARY KEY \(rowid[<>]\?\)/
      if (t.db.dialect === 'sqlite') expect(plan, name).toMatch(range)
      // PostgreSQL: an index scan whose condition is the range from the key
      else expect(plan, name).toMatch(/Index (Only )?Scan[^\n]*\n\s*Index Cond: [^\n]*[<>] /)
    }
  }, 120_000)

  it('a cursor key of the wrong type is refused', async () => {
    const q = page({ sort: 'Customer', after: { key: 12, id: 5 } })
    await expect(listGrid(orderKind, t.db.db, q)).rejects.toMatchObject({
      messageKey: 'badRequest',
    })
  })

  it('log list pages', async () => {
    const filters = {
      first: {},
      account: { account: 'user7' },
      type: { logType: 'system' as const },
      result: { result: 'login failure' },
      from: { from: '2026-01-01' },
    }
    for (const [name, f] of Object.entries(filters)) {
      for (const pageIndex of [1, 300]) {
        const statements = await statementsOf((db) => listLogs(db, f, { pageIndex, pageSize: 20 }))
        for (const s of statements) await expectIndexed(`log ${name} page ${pageIndex}`, s)
      }
    }
    const capped = await listLogs(t.db.db, {}, { pageIndex: 1, pageSize: 20 })
    expect(capped).toMatchObject({ total: countCap, totalCapped: true })
  }, 60_000)
})

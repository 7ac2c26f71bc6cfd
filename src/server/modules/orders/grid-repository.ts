import { sql, type CompiledQuery, type Kysely } from 'kysely'
import type { z } from 'zod'
import type { GridCursor, gridListBody } from '#shared/contract/grid-fields'
import { Code } from '#shared/contract/codes'
import { gridPermissions, type GridPermissions } from '#shared/grid-permissions'
import { countCap } from '../../db/count-cap.ts'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { visibleRow } from './grid-access.ts'
import { cursorOf, keysetOf } from './grid-keyset.ts'
import { ftsOnlySearch, keywordCondition, searchesFts, searchesPairs } from './grid-search.ts'
import { loose, sortColumn, toRow, type GridKind, type LooseDb } from './grid-kind.ts'

export type GridListQuery = z.output<typeof gridListBody>

/**
 * The kind's table `t` with its order `o`. A record that requires an order always has one (a
 * foreign key), so the join is inner: the planner may then walk the orders by number (a sort
 * by OrderNo) and find their records by index.
 */
function base(kind: GridKind, db: LooseDb) {
  const q = db.selectFrom(`${kind.table} as t`)
  if (kind.order === 'required') return q.innerJoin('orders as o', 'o.id', 't.order_id')
  return kind.order === 'optional' ? q.leftJoin('orders as o', 'o.id', 't.order_id') : q
}

function selectRow(kind: GridKind, db: LooseDb) {
  const q = base(kind, db).selectAll('t')
  return kind.order === 'required' || kind.order === 'optional'
    ? q.select('o.order_no as order_no_ref')
    : q
}

const everything = gridPermissions([])

/** The contract field of a searched column (`order_no` -> `OrderNo`). */
const fieldOfColumn = (kind: GridKind, column: string) =>
  Object.entries(kind.fields).find(([, [c]]) => c === column)?.[0] ?? column

/** The columns a keyword is looked for in: the kind's searched columns the caller may see. */
const searchedColumns = (kind: GridKind, perms: GridPermissions) =>
  kind.search.filter((c) => perms.columnShown(fieldOfColumn(kind, c)))

/**
 * The rows a grid filter selects, in a stable order: `filter` narrows a query of the kind's
 * table (alias `t`, joined order `o`), `sortCol`/`dir` then `t.id desc` order it. Columns hidden
 * by the caller's grid permissions (SPEC §6) are not searched, and sorting or filtering by one is
 * refused like an unknown field.
 */
export function gridSelection(
  kind: GridKind,
  q: Omit<GridListQuery, 'pageIndex' | 'pageSize' | 'after' | 'before'>,
  perms: GridPermissions = everything,
  /** keywords from the FTS5 tables (SQLite; see `searchesFts`) */
  fts = false,
) {
  const linked = kind.order === 'required' || kind.order === 'optional'
  if (q.orderNo && !perms.columnShown('OrderNo'))
    throw new AppError(Code.badRequest, 'badRequest', { orderNo: 'orderNo' })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the query builder of a table chosen at run time
  const filter = <B extends { where: (...a: any[]) => B }>(b: B): B => {
    let out = b
    // a grid without an order link (supplier forms) has nothing to filter by order on
    const byOrder = kind.order !== 'none'
    if (byOrder && q.orderId !== undefined)
      out = out.where(kind.order === 'self' ? 't.id' : 't.order_id', '=', q.orderId)
    if (byOrder && q.orderNo)
      out = out.where(kind.order === 'self' ? 't.order_no' : 'o.order_no', '=', q.orderNo)
    if (q.auditStatus !== undefined)
      out = out.where('t.audit_status', q.auditStatus > 0 ? '>' : q.auditStatus < 0 ? '<' : '=', 0)
    if (q.keyword) {
      const columns = searchedColumns(kind, perms)
      out = out.where(
        keywordCondition(kind, q.keyword, columns, linked && perms.columnShown('OrderNo'), fts),
      )
    }
    return out
  }
  let sortCol = 't.id'
  let dir: 'asc' | 'desc' = 'desc'
  if (q.sort) {
    const [field = '', order] = q.sort.split(' ')
    const col = perms.columnShown(field) ? sortColumn(kind, field) : undefined
    if (!col) throw new AppError(Code.badRequest, 'badRequest', { sort: `sort: ${field}` })
    sortCol = col
    dir = order?.toLowerCase() === 'desc' ? 'desc' : 'asc'
  }
  return { filter, sortCol, dir }
}

/** The rows of a selection: the kind's columns and the joined order number. */
export const gridRowsQuery = (kind: GridKind, db: LooseDb) => selectRow(kind, db)

/** How many rows of a kind a selection holds. */
export async function countGrid(
  kind: GridKind,
  db: LooseDb,
  filter: ReturnType<typeof gridSelection>['filter'],
) {
  const count = await filter(base(kind, db))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number((count as { n: unknown }).n)
}

/**
 * How many rows of a selection there are, counted no further than `upTo` (more: `totalCapped`).
 * Counting stops at the cap, so a page never re-counts a large table.
 */
function cappedCount(
  kind: GridKind,
  db: LooseDb,
  filter: ReturnType<typeof gridSelection>['filter'],
  upTo: number,
) {
  const rows = filter(base(kind, db))
    .select(sql`1`.as('one'))
    .limit(upTo + 1)
  return db.selectFrom(rows.as('c')).select((eb) => eb.fn.countAll().as('n'))
}

/** The total of a capped count: `before` rows known to precede the rows counted, plus these. */
function cappedTotal(count: unknown, upTo: number, before = 0) {
  const n = Number((count as { n: unknown }).n)
  return n > upTo
    ? { total: before + upTo, totalCapped: true }
    : { total: before + n, totalCapped: false }
}

/** A list's statements as compiled SQL, with what reading their answers needs. */
type ListPlan = {
  page: CompiledQuery
  count: CompiledQuery
  sortCol: string
  upTo: number
  /** rows before the counted ones (a Next page counts from its cursor) */
  before?: number
  /**
   * A page past the first reached by number (OFFSET): the count of the rows after its last row,
   * run once the page is read, so the rows before it are walked once (by the page), not twice
   */
  countAfter?: (last: GridCursor) => CompiledQuery | undefined
  /** the page read from the matches, run instead of `page` when the count (run first) is not capped */
  fewPage?: CompiledQuery
}

/**
 * Compiled list statements per database and request (kind, hidden columns, the whole body):
 * building and compiling a statement with Kysely cost about as much CPU as PostgreSQL spends
 * running it, and staff ask the same pages again and again. Compiled SQL depends only
 * on these inputs (no statement reads the database while it is built); the 500 last used per database.
 */
const plans = new WeakMap<object, Map<string, ListPlan>>()
const plansKept = 500

function planList(
  kind: GridKind,
  database: Kysely<Database>,
  q: GridListQuery,
  perms: GridPermissions,
): ListPlan {
  let kept = plans.get(database)
  if (!kept) plans.set(database, (kept = new Map()))
  const key = `${kind.name}\n${perms.hiddenColumns.join(',')}\n${JSON.stringify(q)}`
  const known = kept.get(key)
  // the newest use last: one-off cursor pages do not push out the pages asked again and again
  if (known) return keep(kept, key, known)
  const db = loose(database)
  const fts = searchesFts(database)
  const { filter, sortCol, dir } = gridSelection(kind, q, perms, fts)
  const start = (q.pageIndex - 1) * q.pageSize
  const upTo = start + countCap
  // a keyword and nothing else, newest first, by page number: from the FTS5 table alone
  const alone =
    fts &&
    q.keyword &&
    !q.sort &&
    q.after === undefined &&
    q.before === undefined &&
    q.orderId === undefined &&
    !q.orderNo &&
    q.auditStatus === undefined
      ? ftsOnlySearch(kind, q.keyword, searchedColumns(kind, perms))
      : undefined
  if (alone) {
    const ids = alone.ids(q.pageSize, start)
    return keep(kept, key, {
      page: selectRow(kind, db)
        .where(sql<boolean>`t.id in (${ids})`)
        .orderBy('t.id', 'desc')
        .compile(),
      count: alone.count(upTo).compile(db),
      sortCol,
      upTo,
    })
  }
  const order = <B extends { orderBy: (c: string, d: 'asc' | 'desc') => B }>(
    b: B,
    d: 'asc' | 'desc' = dir,
  ) => (sortCol === 't.id' ? b.orderBy('t.id', d) : b.orderBy(sortCol, d).orderBy('t.id', d))
  // PostgreSQL, a two-character keyword in id order: the planner cannot tell a rare keyword from
  // a common one (it puts a piece it has no statistics for at about 0.4 % of the rows), so it
  // walks the newest rows, checking each, for a keyword that matches none: all 100,000 orders,
  // 200 ms. The count (from the indexes of pieces) runs first; when it finds no more than the
  // cap, the page is read from those matches (ordered by `t.id + 0`, which no index serves).
  const fewFirst = Boolean(q.keyword && searchesPairs(q.keyword, fts) && sortCol === 't.id')
  // next / previous page: by key from the neighbouring page's cursor; a jump: by OFFSET
  const keyset = keysetOf(kind, sortCol, dir, q)
  const selected = () => filter(base(kind, db)).select('t.id')
  const idsOf = (fromMatches: boolean) => {
    const sorted = (b: ReturnType<typeof selected>, d: 'asc' | 'desc') =>
      fromMatches ? b.orderBy(sql`t.id + 0`, d) : order(b, d)
    return keyset
      ? sorted(
          selected().where(keyset.where),
          keyset.backwards ? (dir === 'asc' ? 'desc' : 'asc') : dir,
        ).limit(q.pageSize)
      : sorted(selected(), dir).offset(start).limit(q.pageSize)
  }
  const ids = idsOf(false)
  // a Next page counts from its cursor (the rows before it are the pages already shown), not
  // from the first row: a deep page does not walk every row before it to give the total
  const fromCursor = keyset && !keyset.backwards
  // a key may be NULL (then undefined: counted from the start)
  const countAfter =
    !keyset && start > 0 && !fewFirst
      ? (last: GridCursor) => {
          const after = keysetOf(kind, sortCol, dir, { after: last })
          return (
            after &&
            cappedCount(
              kind,
              db,
              (b) => filter(b).where(after.where),
              countCap - q.pageSize,
            ).compile()
          )
        }
      : undefined
  return keep(kept, key, {
    countAfter,
    page: order(selectRow(kind, db).where('t.id', 'in', ids)).compile(),
    fewPage: fewFirst
      ? order(selectRow(kind, db).where('t.id', 'in', idsOf(true))).compile()
      : undefined,
    count: fromCursor
      ? cappedCount(kind, db, (b) => filter(b).where(keyset.where), countCap).compile()
      : cappedCount(kind, db, filter, upTo).compile(),
    sortCol,
    upTo: fromCursor ? countCap : upTo,
    before: fromCursor ? start : 0,
  })
}

function keep(kept: Map<string, ListPlan>, key: string, plan: ListPlan): ListPlan {
  if (!kept.delete(key) && kept.size >= plansKept) kept.delete(kept.keys().next().value!)
  kept.set(key, plan)
  return plan
}

/**
 * A page of a grid with the filters of `gridListBody` (see `gridSelection`). The page's ids are
 * read first from the sort column's index (ties broken by id in the same direction, so one
 * index serves both), then only those rows are read: a deep page walks index entries, not rows.
 * The total is exact up to `countCap` rows past the page's start, else `totalCapped`. With a
 * cursor (`after`/`before`, see `keysetOf`) the ids are read from the cursor on, not skipped.
 */
export async function listGrid(
  kind: GridKind,
  database: Kysely<Database>,
  q: GridListQuery,
  perms: GridPermissions = everything,
) {
  const plan = planList(kind, database, q, perms)
  if (plan.countAfter) return pageThenCount(kind, database, q, perms, plan, plan.countAfter)
  if (plan.fewPage) {
    const count = await database.executeQuery(plan.count)
    const total = cappedTotal(count.rows[0], plan.upTo, plan.before)
    const read = await database.executeQuery(total.totalCapped ? plan.page : plan.fewPage)
    return answer(kind, perms, plan, read.rows, total)
  }
  const [result, count] = await Promise.all([
    database.executeQuery(plan.page),
    database.executeQuery(plan.count),
  ])
  return answer(kind, perms, plan, result.rows, cappedTotal(count.rows[0], plan.upTo, plan.before))
}

/** A grid page's answer: its rows as the caller may see them, the total, the page's cursors. */
function answer(
  kind: GridKind,
  perms: GridPermissions,
  plan: ListPlan,
  stored: unknown[],
  total: ReturnType<typeof cappedTotal>,
) {
  const rows = stored as Record<string, unknown>[]
  return {
    result: rows.map((r) => visibleRow(toRow(kind, r), perms)),
    ...total,
    ...(rows.length > 0 && {
      pageKeys: {
        first: cursorOf(plan.sortCol, rows[0]!),
        last: cursorOf(plan.sortCol, rows.at(-1)!),
      },
    }),
  }
}

/**
 * A page past the first reached by number: the page first; a page not full ends the selection
 * (its total is exact, no count); a full one counts on from its last row by key (as a Next page
 * does), so a deep page walks the rows before it once, not twice; an empty one (past
 * the end) counts from the start.
 */
async function pageThenCount(
  kind: GridKind,
  database: Kysely<Database>,
  q: GridListQuery,
  perms: GridPermissions,
  plan: ListPlan,
  countAfter: (last: GridCursor) => CompiledQuery | undefined,
) {
  const start = (q.pageIndex - 1) * q.pageSize
  const { rows } = await database.executeQuery(plan.page)
  const last = rows.at(-1) as Record<string, unknown> | undefined
  const after = last && rows.length === q.pageSize && countAfter(cursorOf(plan.sortCol, last))
  let total: ReturnType<typeof cappedTotal>
  if (last && rows.length < q.pageSize) total = { total: start + rows.length, totalCapped: false }
  else if (after) {
    const count = await database.executeQuery(after)
    total = cappedTotal(count.rows[0], countCap - q.pageSize, start + q.pageSize)
  } else total = cappedTotal((await database.executeQuery(plan.count)).rows[0], plan.upTo)
  return answer(kind, perms, plan, rows, total)
}

/** One stored row of a grid with its joined order number, or undefined. */
export async function findGridRow(
  kind: GridKind,
  database: Kysely<Database>,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  return (await selectRow(kind, loose(database)).where('t.id', '=', id).executeTakeFirst()) as
    Record<string, unknown> | undefined
}

/** The contract row of one record, or undefined. */
export async function getGridRow(kind: GridKind, db: Kysely<Database>, id: number) {
  const row = await findGridRow(kind, db, id)
  return row ? toRow(kind, row) : undefined
}

/** An order by Id or by number. */
export async function findOrder(
  db: Kysely<Database>,
  ref: { id?: number; orderNo?: string },
): Promise<{ id: number; order_no: string } | undefined> {
  let q = db.selectFrom('orders').select(['id', 'order_no'])
  if (ref.id !== undefined) q = q.where('id', '=', ref.id)
  else if (ref.orderNo) q = q.where('order_no', '=', ref.orderNo)
  else return undefined
  return q.executeTakeFirst()
}

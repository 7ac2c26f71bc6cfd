import {
  DeleteQueryNode,
  InsertQueryNode,
  MergeQueryNode,
  RawNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'

/** Any table: a raw SQL statement that may write (migrations) invalidates every cached read. */
const anyTable = '*'

/** The tables a node names anywhere (the written table, and conservatively those it reads). */
export function tablesOf(node: unknown, out: Set<string>) {
  if (node === null || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const n of node) tablesOf(n, out)
    return
  }
  if (TableNode.is(node as OperationNode)) {
    out.add((node as TableNode).table.identifier.name)
    return
  }
  for (const value of Object.values(node)) tablesOf(value, out)
}

export const writes = (node: RootOperationNode) =>
  InsertQueryNode.is(node) ||
  UpdateQueryNode.is(node) ||
  DeleteQueryNode.is(node) ||
  MergeQueryNode.is(node)

export const rawWrite = (node: RootOperationNode) =>
  RawNode.is(node) &&
  node.sqlFragments.some((f) => /\b(insert|update|delete|replace|create|drop|alter)\b/i.test(f))

/**
 * Answers read through a cache that a write to any table they depend on makes stale at once.
 * A read names every table it depends on, including those whose foreign keys change its rows
 * (ON DELETE CASCADE / SET NULL act inside SQLite, unseen here).
 * Every write query through Kysely stamps its tables (before it runs and again after), so a
 * read that overlapped a write is never kept as fresh. Only for the embedded database: one
 * process (the DATA_DIR lock) makes every write, so nothing can change behind the cache. With
 * PostgreSQL other instances write too, and `read` always loads.
 */
export class ReadCache {
  #clock = 0
  #lastWrite = new Map<string, number>()
  #entries = new Map<
    string,
    { at: number; tables: readonly string[]; value: unknown; weight: number }
  >()
  #weight = 0

  /**
   * @param size most entries kept
   * @param maxWeight most characters of cached strings kept (other values weigh 256)
   */
  constructor(
    readonly enabled: boolean,
    readonly size = 5000,
    readonly maxWeight = 32 * 1024 * 1024,
    /**
     * True while the connection is inside a transaction: a value loaded then may be uncommitted,
     * and another request may run meanwhile (db/yielding-sqlite.ts), so it is not kept.
     */
    readonly inTransaction: () => boolean = () => false,
  ) {}

  /** tables of the writes under way, stamped again once they ran */
  #running = new WeakMap<object, readonly string[]>()

  /** The Kysely plugin that stamps the tables of every write, before it runs and after. */
  readonly plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => {
      const tables = this.#written(args.node)
      if (tables.length > 0) {
        this.#stamp(tables)
        this.#running.set(args.queryId, tables)
      }
      return args.node
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      const tables = this.#running.get(args.queryId)
      if (tables) this.#stamp(tables)
      return args.result
    },
  }

  #written(node: RootOperationNode): readonly string[] {
    if (!this.enabled) return []
    if (rawWrite(node)) return [anyTable]
    if (!writes(node)) return []
    const tables = new Set<string>()
    tablesOf(node, tables)
    return [...tables]
  }

  #stamp(tables: readonly string[]) {
    const tick = ++this.#clock
    for (const t of tables) this.#lastWrite.set(t, tick)
  }

  #fresh(at: number, tables: readonly string[]) {
    if ((this.#lastWrite.get(anyTable) ?? 0) >= at) return false
    return tables.every((t) => (this.#lastWrite.get(t) ?? 0) < at)
  }

  /**
   * The value cached under key while none of `tables` was written since it was loaded, else
   * `load()`, kept for the next call. Failed loads, `undefined` (nothing found: a guessed
   * token must not push out real entries) and values loaded inside a transaction are not kept.
   */
  async read<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load()
    const hit = this.#entries.get(key)
    if (hit && this.#fresh(hit.at, hit.tables)) return hit.value as T
    const at = ++this.#clock
    const value = await load()
    this.#drop(key)
    if (value === undefined || this.inTransaction()) return value
    const weight = typeof value === 'string' ? value.length : 256
    if (weight > this.maxWeight / 4) return value
    while (this.#entries.size >= this.size || this.#weight + weight > this.maxWeight)
      this.#drop(this.#entries.keys().next().value!)
    this.#entries.set(key, { at, tables, value, weight })
    this.#weight += weight
    return value
  }

  #drop(key: string) {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#weight -= entry.weight
  }
}

import {
  InsertQueryNode,
  RawNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'
import { rawWrite, tablesOf, writes } from '../../db/read-cache.ts'
import type { SignInState } from './sign-in-state.ts'

/** The tables the sign-in state is read from: a write to any of them makes cached states stale. */
export const signInTables: readonly string[] = ['sessions', 'users', 'roles', 'role_menu', 'menu']
const named = new RegExp(`\\b(${signInTables.join('|')}|create|drop|alter)\\b`, 'i')

/**
 * Whether a statement may change a cached sign-in state: a write naming one of its tables (a new
 * session row cannot: it has a new token), or raw SQL that writes and names one or changes schema.
 */
function touchesSignIn(node: RootOperationNode): boolean {
  if (RawNode.is(node)) return rawWrite(node) && node.sqlFragments.some((f) => named.test(f))
  if (!writes(node)) return false
  if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'sessions') return false
  const tables = new Set<string>()
  tablesOf(node, tables)
  return signInTables.some((t) => tables.has(t))
}

/**
 * The sign-in state of recent access tokens (by token hash), in memory: a hit costs no statement.
 * Bounded (`size`, oldest out first) with a short `ttlMs` as a safety net. Invalidated
 * - in this process by `plugin`: any write through Kysely to the tables of the state (before it
 *   runs and again after), which is all there is on SQLite (one process);
 * - on PostgreSQL by triggers on those tables (migration 0024) whose NOTIFY reaches every
 *   instance's LISTEN connection after the commit (`drop` / `clear` from the realtime bus).
 * It only answers while it is `live`: on PostgreSQL while the LISTEN connection is up (an instance
 * that cannot hear the others' changes does not cache). A load that overlapped an invalidation
 * is not kept (generation check), so a state read before a change never outlives it.
 */
export class SignInCache {
  #entries = new Map<string, { state: SignInState; at: number }>()
  #generation = 0
  #live: boolean
  #running = new WeakMap<object, true>()
  /** invalidations seen (tests wait for one to arrive from another instance) */
  invalidations = 0

  constructor(
    live: boolean,
    readonly size = 10_000,
    readonly ttlMs = 30_000,
    /** true inside a transaction on SQLite: what is read then may be rolled back, so not kept */
    readonly inTransaction: () => boolean = () => false,
  ) {
    this.#live = live
  }

  get live() {
    return this.#live
  }

  /** Turns caching on or off (the LISTEN connection came up or was lost); empties it either way. */
  setLive(live: boolean) {
    this.#live = live
    this.clear()
  }

  /** The state of a token hash: from memory when cached and fresh, else `load()` (kept if found). */
  async read(
    hash: string,
    load: () => Promise<SignInState | undefined>,
  ): Promise<SignInState | undefined> {
    if (this.#live) {
      const hit = this.#entries.get(hash)
      if (hit && Date.now() - hit.at < this.ttlMs) return hit.state
      if (hit) this.#entries.delete(hash)
    }
    const generation = this.#generation
    const state = await load()
    // unknown tokens are not kept: a guessed token must not push out real entries
    if (!state || !this.#live || generation !== this.#generation || this.inTransaction())
      return state
    if (this.#entries.size >= this.size) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(hash, { state, at: Date.now() })
    return state
  }

  /** Forgets every cached state. */
  clear() {
    this.#generation++
    this.invalidations++
    this.#entries.clear()
  }

  /** Forgets the states of these token hashes (sessions revoked, rotated or deleted). */
  drop(hashes: readonly string[]) {
    this.#generation++
    this.invalidations++
    for (const h of hashes) this.#entries.delete(h)
  }

  /** The Kysely plugin that empties the cache around every write that may change a state. */
  readonly plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => {
      if (touchesSignIn(args.node)) {
        this.clear()
        this.#running.set(args.queryId, true)
      }
      return args.node
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      if (this.#running.has(args.queryId)) this.clear()
      return args.result
    },
  }
}

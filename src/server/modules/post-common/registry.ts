import type { Transaction } from 'kysely'
import type { z } from 'zod'
import type { Requirement } from '#shared/acl'
import type { HistoryHow } from '#shared/contract/history'
import type { Database } from '../../db/schema.ts'
import type { Lang } from '../../i18n.ts'
import type { CurrentUser } from '../../plugins/authenticate.ts'
import type { LimiterStore } from '../auth/limiter-store.ts'
import type { NotifyInput } from '../notices/notify.ts'
import type { VersionBook } from '../history/row-version.ts'

/** What an operation knows about its call. */
export type OperationContext = {
  user: CurrentUser
  lang: Lang
  ip: string
  /** how the change arrived, for record history; 'api' when not given */
  how?: HistoryHow
  /** the shared rate-limit counters (phone-code guesses of SaveMyProfile); PostCommon sets it */
  limits?: LimiterStore
  /** SMS_TEST_CODE: the fixed phone code, or null (only codes actually sent work); PostCommon sets it */
  smsTestCode?: string | null
  /**
   * The save's row versions (DESIGN §11): versions written, records merged, clashes found.
   * PostCommon and the grid import set it; without it a save makes its own.
   */
  versions?: VersionBook
  /** Creates a notice in this transaction; it is pushed once the transaction committed. */
  notify(input: NotifyInput): Promise<void>
}

export type OperationResult = { inserted?: number; updated?: number; removed?: number }

export type OperationDef<I extends z.ZodType, U extends z.ZodType, R extends z.ZodType> = {
  /** the name clients send as `postUrl` (matched case-insensitively) */
  postUrl: string
  /** checked with shared/acl `can`; 'signedIn' lets every signed-in user through */
  permission: 'signedIn' | Requirement
  /** the staff screens it serves: a non-admin role must also hold one of their menu entries */
  menu?: readonly string[]
  /** schema of each insert/update/remove record; records of a kind without a schema are refused */
  insert?: I
  update?: U
  remove?: R
  /** Applies the validated records inside the request's transaction. */
  run(
    trx: Transaction<Database>,
    records: {
      insertRecords: z.output<I>[]
      updateRecords: z.output<U>[]
      removeRecords: z.output<R>[]
    },
    ctx: OperationContext,
  ): Promise<OperationResult>
}

export type AnyOperation = OperationDef<z.ZodType, z.ZodType, z.ZodType>

/** Types an operation from its schemas: `run` receives the parsed records. */
export function defineOperation<
  I extends z.ZodType = z.ZodNever,
  U extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodNever,
>(def: OperationDef<I, U, R>): OperationDef<I, U, R> {
  return def
}

const operations = new Map<string, AnyOperation>()
const namePattern = /^[A-Za-z][A-Za-z0-9]{1,63}$/

/**
 * Adds an operation to `PostData/PostCommon`. Registering the same definition again (a second
 * app in one process) is a no-op; a different definition under a taken name is a bug and throws.
 */
export function registerOperation<I extends z.ZodType, U extends z.ZodType, R extends z.ZodType>(
  def: OperationDef<I, U, R>,
): void {
  if (!namePattern.test(def.postUrl))
    throw new Error(`PostCommon: invalid postUrl "${def.postUrl}"`)
  const key = def.postUrl.toLowerCase()
  const existing = operations.get(key)
  if (existing && existing !== (def as unknown))
    throw new Error(`PostCommon: "${def.postUrl}" is already registered`)
  operations.set(key, def as unknown as AnyOperation)
}

/** Every registered operation (the authorization tests enumerate them). */
export function listOperations(): AnyOperation[] {
  return [...operations.values()]
}

/** The operation a `postUrl` names, ignoring case. */
export function findOperation(postUrl: string): AnyOperation | undefined {
  return operations.get(postUrl.toLowerCase())
}

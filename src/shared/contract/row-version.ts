import { z } from 'zod'

/**
 * Optimistic concurrency (DESIGN §11). Every record people edit carries `RowVersion`: an
 * integer that each write (save, audit, import, offline replay) increases by one. It is named so
 * because `Version` already means the public content stamp of `Content/Version`.
 */
export const rowVersion = z.number().int().nonnegative()

/** The field rows of every edited entity carry in lists, `Get` answers and exports. */
export const rowVersionField = { RowVersion: rowVersion }

/**
 * What an update or delete record may add: the `RowVersion` the user's edit started from.
 * Without it the save behaves as before versions existed (last write wins).
 */
export const baseVersionField = { RowVersion: rowVersion.optional() }

/** The key of a record in a clash: a numeric Id, or a role's Code / the about page's key. */
export const recordKey = z.union([z.number().int(), z.string()])

/**
 * One field of one record that another person changed since the version the edit started from.
 * `base` is the value the user started from, `current` the value stored now (changed by
 * `currentBy` at `currentAt`, ISO time), `mine` the value the user wanted. A delete of a record
 * changed since lists each changed field with `mine: null`; an update of a record deleted since
 * is one entry with `field: 'Id'`, `deleted: true`, `current: null`.
 */
export const rowConflict = z.object({
  Id: recordKey,
  field: z.string(),
  base: z.unknown(),
  current: z.unknown(),
  currentBy: z.string(),
  currentAt: z.string(),
  mine: z.unknown(),
  /** the record was deleted since the version sent */
  deleted: z.boolean().optional(),
  /** the version stored now: "Keep mine" saves again from it */
  currentVersion: rowVersion.optional(),
})
export type RowConflict = z.infer<typeof rowConflict>

/**
 * HTTP 409, code 409: a field this save changes was changed by someone else since its
 * `RowVersion` (nothing of the call was saved). `errors` are keyed like field errors
 * (`postData.updateRecords.{i}.{Field}` -> text in the user's language). An `Idempotency-Key`
 * reused with another body also answers 409, but without `data.conflicts`.
 */
export const conflictEnvelope = z.object({
  code: z.literal(409),
  msg: z.string(),
  data: z.object({ conflicts: z.array(rowConflict) }),
  errors: z.record(z.string(), z.string()).optional(),
})
export type ConflictEnvelope = z.infer<typeof conflictEnvelope>

/** A 409 answer is a clash (not a reused key) when it carries `data.conflicts`. */
export function conflictsOf(body: unknown): RowConflict[] | null {
  const parsed = conflictEnvelope.safeParse(body)
  return parsed.success ? parsed.data.data.conflicts : null
}

/**
 * Realtime (`/ws`): "record X is now version N". The open screen refetches the record through
 * `Get` (so column permissions apply); the message itself carries no field values.
 */
export const versionMessage = z.object({
  type: z.literal('version'),
  /** a record-history type: 'Order', 'Purchase', ..., 'News', 'User', 'Role' */
  recordType: z.string(),
  Id: recordKey,
  RowVersion: rowVersion,
  /** the record was deleted */
  deleted: z.boolean().optional(),
})
export type VersionMessage = z.infer<typeof versionMessage>

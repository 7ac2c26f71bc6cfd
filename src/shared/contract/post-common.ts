import { z } from 'zod'
import { envelope } from './envelope.ts'
import { recordKey, rowVersion } from './row-version.ts'

/**
 * `POST {API_PREFIX}/PostData/PostCommon` (DESIGN §4): one registered operation (`postUrl`)
 * with insert/update/remove records, applied in one transaction with its own schema and
 * permission. An `Idempotency-Key` header makes a replay apply once.
 */
export const postCommonBody = z.object({
  postUrl: z.string().regex(/^[A-Za-z][A-Za-z0-9]{1,63}$/),
  postData: z.object({
    insertRecords: z.array(z.unknown()).max(1000).optional(),
    updateRecords: z.array(z.unknown()).max(1000).optional(),
    removeRecords: z.array(z.unknown()).max(1000).optional(),
  }),
})
export type PostCommonBody = z.infer<typeof postCommonBody>

export const postCommonResponse = envelope(
  z.object({
    inserted: z.number().int(),
    updated: z.number().int(),
    removed: z.number().int(),
    /**
     * Records whose `RowVersion` was stale but whose changed fields nobody else touched since:
     * applied, the other person's fields kept (DESIGN §11).
     */
    merged: z.array(recordKey).optional(),
    /** the `RowVersion` each updated or inserted record has now, so the next edit starts from it */
    versions: z.array(z.object({ Id: recordKey, RowVersion: rowVersion })).optional(),
  }),
)

/** `ReadNotice`: updateRecords are `{Id}` of the caller's notices to mark read. */
export const readNoticeRecord = z.object({ Id: z.number().int().positive() })

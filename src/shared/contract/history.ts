import { z } from 'zod'
import { envelope } from './envelope.ts'

/** How a change was made: a staff screen, a spreadsheet import, an offline write replayed, another API client. */
export const historyHows = ['screen', 'import', 'offline', 'api'] as const
export type HistoryHow = (typeof historyHows)[number]

/** What a change did; `unaudit` is an audit that rejected the record (AuditStatus -1). */
export const historyActions = ['create', 'update', 'delete', 'audit', 'unaudit', 'import'] as const
export type HistoryAction = (typeof historyActions)[number]

/** The header the outbox sends when it replays a write made offline (`offline`). */
export const historyViaHeader = 'x-forgeline-via'

/** The record types that keep a history: the order family, content and system settings. */
export const historyRecordTypes = [
  'Order',
  'Purchase',
  'Outsourcing',
  'Quality',
  'Warehouse',
  'Finance',
  'Shipment',
  'ProductionReport',
  'SupplierForm',
  'Carousel',
  'Category',
  'Product',
  'News',
  'Equipment',
  'Contact',
  'About',
  'User',
  'Role',
  'Department',
  'Menu',
] as const
export type HistoryRecordType = (typeof historyRecordTypes)[number]

/** One field's change: contract field name, the value before and after (null: none). */
export const historyChange = z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })
export type HistoryChange = z.infer<typeof historyChange>

export const historyEntry = z.object({
  Id: z.number().int(),
  At: z.string(),
  UserId: z.number().int().nullable(),
  UserName: z.string(),
  How: z.enum(historyHows),
  Action: z.enum(historyActions),
  Changes: z.array(historyChange),
})
export type HistoryEntry = z.infer<typeof historyEntry>

/**
 * `POST {API_PREFIX}/History/GetList`: one record's history, newest first, `pageSize` rows a page;
 * `before` (the last entry's Id of the previous page) continues it (keyset paging).
 */
export const historyListBody = z.object({
  recordType: z.enum(historyRecordTypes),
  recordId: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().trim().min(1).max(64)),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().positive().optional(),
})

export const historyListResponse = envelope(
  z.object({ result: z.array(historyEntry), more: z.boolean() }),
)

/**
 * `POST {API_PREFIX}/History/GetDeleted` (administrators, from the operation log): the deletions
 * recorded, newest first, each naming its record so its history can be opened; keyset paged like GetList.
 */
export const historyDeletedBody = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().positive().optional(),
  /** only the deletions of this operation-log line (a save that removed records) */
  logId: z.coerce.number().int().positive().optional(),
})

export const deletedRecord = historyEntry.extend({
  RecordType: z.enum(historyRecordTypes),
  RecordId: z.string(),
})
export type DeletedRecord = z.infer<typeof deletedRecord>

export const historyDeletedResponse = envelope(
  z.object({ result: z.array(deletedRecord), more: z.boolean() }),
)

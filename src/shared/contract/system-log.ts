import { z } from 'zod'
import { envelope, page, pageQuery } from './envelope.ts'

/** Kinds of log entry (SPEC §3 "database or system log"). */
export const logTypes = ['system', 'database'] as const

/** Results the server writes (SPEC §3 execution result), for the filter. */
export const logResults = [
  'login success',
  'login failure',
  'login blocked',
  'permission denied',
  'interface exception',
  'attack',
  'client error',
  'success',
] as const

const dateText = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')

/** Filters of the operation and security log. */
export const logFilter = z.object({
  account: z.string().trim().max(64).optional(),
  logType: z.enum(logTypes).optional(),
  /** result starts with this (e.g. `success` also finds `success: inserted 1, ...`) */
  result: z.string().trim().max(64).optional(),
  /** part of the operation */
  keyword: z.string().trim().max(100).optional(),
  /** first and last day, `yyyy-mm-dd` (UTC) */
  from: dateText.optional(),
  to: dateText.optional(),
})
export type LogFilter = z.infer<typeof logFilter>

export const logRow = z.object({
  Id: z.number().int(),
  Account: z.string(),
  Operation: z.string(),
  LogType: z.string(),
  Result: z.string(),
  Ip: z.string(),
  CreateTimeString: z.string(),
})
export type LogRow = z.infer<typeof logRow>

/** `POST Log/GetList` (admin): newest first. */
export const logListBody = pageQuery.extend(logFilter.shape)
/** `totalCapped`: there are more rows than `total` (counting stopped; the next pages are real). */
export const logListResponse = envelope(
  page(logRow).extend({ totalCapped: z.boolean().optional() }),
)

/** `POST Log/Export` (admin): the filter's entries as .xlsx, newest first, at most this many. */
export const logExportBody = logFilter
export const logExportMaxRows = 20_000

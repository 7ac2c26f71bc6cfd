import { z } from 'zod'
import { envelope, looseBoolean, page, pageQuery } from './envelope.ts'

export const leavingRow = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Phone: z.string(),
  Email: z.string(),
  Company: z.string(),
  Message: z.string(),
  Handled: z.boolean(),
  CreateTime: z.string(),
})
export type LeavingRow = z.infer<typeof leavingRow>

/** `POST {API_PREFIX}/Leaving/GetList` (staff): visitor messages, newest first. */
export const leavingListBody = pageQuery.extend({ handled: looseBoolean.optional() })
export const leavingListResponse = envelope(page(leavingRow))

/** PostCommon `SaveLeaving` (CONTENT): updateRecords `{Id, Handled}` mark messages handled (or not). */
export const leavingHandleRecord = z.object({
  Id: z.number({ message: 'recordNotFound' }).int('recordNotFound').positive('recordNotFound'),
  Handled: z.boolean({ message: 'required' }).default(true),
})

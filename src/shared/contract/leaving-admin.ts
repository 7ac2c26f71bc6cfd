import { z } from 'zod'
import { envelope, looseBoolean, page, pageQuery } from './envelope.ts'
import { textareaMax } from './fields.ts'

export const leavingRow = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Phone: z.string(),
  Email: z.string(),
  Company: z.string(),
  Message: z.string(),
  Handled: z.boolean(),
  CreateTime: z.string(),
  /** staff reply or notes, who wrote them last (login name) and when; '' when none */
  Reply: z.string().default(''),
  RepliedBy: z.string().default(''),
  RepliedAt: z.string().default(''),
})
export type LeavingRow = z.infer<typeof leavingRow>

/** `POST {API_PREFIX}/Leaving/GetList` (staff): visitor messages, newest first. */
export const leavingListBody = pageQuery.extend({ handled: looseBoolean.optional() })
export const leavingListResponse = envelope(page(leavingRow))

const leavingId = z
  .number({ message: 'recordNotFound' })
  .int('recordNotFound')
  .positive('recordNotFound')

/**
 * PostCommon `SaveLeaving` (CONTENT): updateRecords `{Id, Handled?, Reply?}` mark messages
 * handled (or not) and write the staff reply/notes (a field left out stays unchanged);
 * removeRecords `{Id}` delete messages (spam).
 */
export const leavingUpdateRecord = z.object({
  Id: leavingId,
  Handled: z.boolean({ message: 'required' }).optional(),
  Reply: z.string({ message: 'required' }).trim().max(textareaMax, 'tooLong').optional(),
})
export type LeavingUpdateRecord = z.input<typeof leavingUpdateRecord>
export const leavingRemoveRecord = z.object({ Id: leavingId })
